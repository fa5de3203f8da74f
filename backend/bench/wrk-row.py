"""One Markdown table row from a percentiles.lua RESULT line: wrk-row.py RESULT_JSON ENDPOINT."""
import json
import sys

r = json.loads(sys.argv[1])
print(f"| GET {sys.argv[2]} | {r['requests']} | {r['requests']/r['seconds']:.0f} | {r['p50_ms']:.2f} | "
      f"{r['p90_ms']:.2f} | {r['p99_ms']:.2f} | {r['p99_9_ms']:.2f} | {r['max_ms']:.2f} | {r['errors']} |")
