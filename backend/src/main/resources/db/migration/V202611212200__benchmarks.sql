-- A launch: every variant `repetitions` times, interleaved, driven by one operation.
CREATE TABLE benchmark_series (
    id            BIGSERIAL    PRIMARY KEY,
    cluster_id    BIGINT       NOT NULL REFERENCES clusters (id) ON DELETE CASCADE,
    name          VARCHAR(100) NOT NULL,
    repetitions   INT          NOT NULL,
    operation_id  UUID,
    created_by    VARCHAR(100) NOT NULL,
    created_at    TIMESTAMPTZ  NOT NULL DEFAULT now()
);

-- One agent run: its resolved spec, where and on what it ran, and its summary.
CREATE TABLE benchmark_runs (
    id                  BIGSERIAL    PRIMARY KEY,
    cluster_id          BIGINT       NOT NULL REFERENCES clusters (id) ON DELETE CASCADE,
    series_id           BIGINT       NOT NULL REFERENCES benchmark_series (id) ON DELETE CASCADE,
    seq                 INT          NOT NULL,
    variant             INT          NOT NULL,
    label               VARCHAR(60)  NOT NULL,
    repetition          INT          NOT NULL,
    kind                VARCHAR(16)  NOT NULL,
    workload            VARCHAR(40)  NOT NULL,
    table_name          VARCHAR(300) NOT NULL,
    spec                TEXT         NOT NULL,
    state               VARCHAR(16)  NOT NULL,
    phase               VARCHAR(16)  NOT NULL DEFAULT 'queued',
    message             TEXT,
    progress            DOUBLE PRECISION NOT NULL DEFAULT 0,
    provenance          TEXT,
    summary             TEXT,
    ops_per_sec         DOUBLE PRECISION,
    mb_per_sec          DOUBLE PRECISION,
    p99_corrected_ms    DOUBLE PRECISION,
    p99_service_ms      DOUBLE PRECISION,
    agent_cpu           DOUBLE PRECISION,
    errors              BIGINT,
    timeouts            BIGINT,
    complete            BOOLEAN,
    ceiling_ops_per_sec DOUBLE PRECISION,
    agent_pid           BIGINT,
    created_at          TIMESTAMPTZ  NOT NULL DEFAULT now(),
    started_at          TIMESTAMPTZ,
    finished_at         TIMESTAMPTZ,
    UNIQUE (series_id, seq)
);
CREATE INDEX benchmark_runs_cluster ON benchmark_runs (cluster_id, id DESC);

-- The agent's one-second intervals as they arrive; kept when a run is cancelled.
CREATE TABLE benchmark_intervals (
    run_id            BIGINT           NOT NULL REFERENCES benchmark_runs (id) ON DELETE CASCADE,
    idx               INT              NOT NULL,
    start_s           DOUBLE PRECISION NOT NULL,
    seconds           DOUBLE PRECISION NOT NULL,
    warmup            BOOLEAN          NOT NULL,
    ops               BIGINT           NOT NULL,
    errors            BIGINT           NOT NULL,
    timeouts          BIGINT           NOT NULL,
    bytes             BIGINT           NOT NULL,
    p50_corrected_ms  DOUBLE PRECISION NOT NULL,
    p99_corrected_ms  DOUBLE PRECISION NOT NULL,
    p99_service_ms    DOUBLE PRECISION NOT NULL,
    max_corrected_ms  DOUBLE PRECISION NOT NULL,
    agent_cpu         DOUBLE PRECISION NOT NULL,
    system_cpu        DOUBLE PRECISION NOT NULL,
    per_op            TEXT             NOT NULL,
    PRIMARY KEY (run_id, idx)
);
