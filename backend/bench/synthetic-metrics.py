#!/usr/bin/env python3
"""OpenMetrics files of a made-up cluster "synthetic", one per day, shaped like a lab scrape of the
series the console's charts read: 2 RegionServers, a NameNode, 5 DataNodes, TABLES tables. The last
7 days at 15 s, older days at 60 s (what a downsampled history looks like). For
`promtool tsdb create-blocks-from openmetrics` (backend/bench/observability.sh).
    synthetic-metrics.py OUT_DIR DAYS TABLES END_UNIX_SECONDS
"""
import math
import os
import sys

out, days, tables, end = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
C = 'cluster="synthetic"'
RS = [f'rs{i}:16030' for i in (1, 2)]
DN = [f'dn{i}:9864' for i in range(1, 6)]


def families():
    """(name, labels, kind, base): kind c = counter (rate per s = base), g = gauge around base."""
    for rs in RS:
        l = f'job="regionserver",{C},instance="{rs}"'
        yield 'server_read_request_count', l, 'c', 900
        yield 'server_write_request_count', l, 'c', 300
        yield 'server_get_99th_percentile', l, 'g', 4
        yield 'server_put_batch_99th_percentile', l, 'g', 9
        yield 'jvm_metrics_mem_heap_used_m', l, 'g', 700
        yield 'jvm_metrics_gc_time_millis', l, 'c', 8
        yield 'server_compaction_queue_length', l, 'g', 1
        yield 'server_flush_queue_length', l, 'g', 0.5
        yield 'server_store_file_count', l, 'g', 40
        for t in range(tables):
            tl = f'{l},namespace="default",table="t{t}"'
            yield 'hbase_table_read_request_count', tl, 'c', 40
            yield 'hbase_table_write_request_count', tl, 'c', 12
            yield 'hbase_table_table_size', tl, 'g', 2e9
            yield 'hbase_table_store_file_count', tl, 'g', 6
    nn = f'job="namenode",{C},instance="nn1:9870",hastate="active"'
    yield 'fs_namesystem_capacity_used', nn, 'g', 4e12
    yield 'fs_namesystem_capacity_remaining', nn, 'g', 6e12
    yield 'fs_namesystem_low_redundancy_blocks', nn, 'g', 0.2
    yield 'fs_namesystem_missing_blocks', nn, 'g', 0
    for dn in DN:
        l = f'job="datanode",{C},instance="{dn}"'
        yield 'datanode_bytes_read', l, 'c', 2e7
        yield 'datanode_bytes_written', l, 'c', 8e6
    yield 'up', f'job="regionserver",{C},instance="rs1:16030"', 'g', 1


def value(kind, base, t, phase):
    if kind == 'c':
        # the integral of base * (1 + 0.3 sin): monotonic, its rate follows the gauges' daily wave
        return base * (t - 0.3 * 3600 * math.cos(t / 3600 + phase))
    return base * (1 + 0.3 * math.sin(t / 3600 + phase))


os.makedirs(out, exist_ok=True)
series = list(families())
for d in range(days):
    day_end = end - d * 86400
    step = 15 if d < 7 else 60
    start = day_end - 86400 + step
    path = os.path.join(out, f'day-{d:02d}.om')
    with open(path, 'w') as f:
        by_name = {}
        for i, (name, labels, kind, base) in enumerate(series):
            by_name.setdefault(name, []).append((labels, kind, base, i))
        for name, members in by_name.items():
            f.write(f'# TYPE {name} gauge\n')
            for labels, kind, base, i in members:
                lines = []
                for t in range(start, day_end + 1, step):
                    lines.append(f'{name}{{{labels}}} {value(kind, base, t - (end - 31 * 86400), i):.12g} {t}\n')
                f.write(''.join(lines))
        f.write('# EOF\n')
    print(path, len(series), 'series', 86400 // step, 'points each', flush=True)
