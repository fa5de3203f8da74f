-- "profile this run": the RegionServers' CPU flame trees, sampled with async-profiler while the run ran
ALTER TABLE benchmark_runs ADD COLUMN profiled boolean NOT NULL DEFAULT false;
ALTER TABLE benchmark_runs ADD COLUMN profile jsonb;
