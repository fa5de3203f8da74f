-- wrk hook: prints one JSON line with the exact latency percentiles (microseconds) and counts.
done = function(summary, latency, requests)
  local p = {}
  for _, q in ipairs({50, 90, 99, 99.9}) do
    table.insert(p, string.format('"p%s_ms":%.3f', tostring(q):gsub("%.", "_"), latency:percentile(q) / 1000))
  end
  io.write(string.format('RESULT {"requests":%d,"errors":%d,"seconds":%.1f,"max_ms":%.3f,"mean_ms":%.3f,%s}\n',
    summary.requests, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.status
    + summary.errors.timeout, summary.duration / 1e6, latency.max / 1000, latency.mean / 1000, table.concat(p, ",")))
end
