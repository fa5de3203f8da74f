-- Experiments are benchmark series of kind EXPERIMENT: the series names the experiment and its
-- launch parameters, each run its variant's parameters; runs of this kind have no workload spec.
ALTER TABLE benchmark_series ADD COLUMN experiment VARCHAR(40);
ALTER TABLE benchmark_series ADD COLUMN params TEXT;
ALTER TABLE benchmark_runs ALTER COLUMN spec DROP NOT NULL;
ALTER TABLE benchmark_runs ADD COLUMN params TEXT;
ALTER TABLE benchmark_runs ADD COLUMN command TEXT;
