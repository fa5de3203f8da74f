-- Compaction schedules: a calendar window (cron + duration in a time zone), caps and a selection.
CREATE TABLE compaction_schedules (
    id                    BIGSERIAL    PRIMARY KEY,
    cluster_id            BIGINT       NOT NULL REFERENCES clusters (id) ON DELETE CASCADE,
    name                  VARCHAR(80)  NOT NULL,
    target_kind           VARCHAR(16)  NOT NULL,
    target                VARCHAR(300) NOT NULL,
    cron                  VARCHAR(120) NOT NULL,
    time_zone             VARCHAR(64)  NOT NULL,
    duration_minutes      INT          NOT NULL,
    max_per_server        INT          NOT NULL,
    max_per_cluster       INT          NOT NULL,
    selection             VARCHAR(16)  NOT NULL,
    min_store_files       INT,
    max_locality_percent  INT,
    min_hours_since_major INT,
    pause_outside         BOOLEAN      NOT NULL DEFAULT FALSE,
    enabled               BOOLEAN      NOT NULL DEFAULT TRUE,
    created_by            VARCHAR(100) NOT NULL,
    created_at            TIMESTAMPTZ  NOT NULL DEFAULT now(),
    updated_at            TIMESTAMPTZ  NOT NULL DEFAULT now(),
    UNIQUE (cluster_id, name)
);

-- One row per run; a scheduled window is claimed by inserting (schedule_id, window_start), so
-- no two control planes (or one after a restart) run the same window twice.
CREATE TABLE compaction_runs (
    id              BIGSERIAL    PRIMARY KEY,
    cluster_id      BIGINT       NOT NULL REFERENCES clusters (id) ON DELETE CASCADE,
    schedule_id     BIGINT       REFERENCES compaction_schedules (id) ON DELETE SET NULL,
    schedule_name   VARCHAR(80),
    trigger         VARCHAR(16)  NOT NULL,
    kind            VARCHAR(8)   NOT NULL,
    target_kind     VARCHAR(16)  NOT NULL,
    target          VARCHAR(400) NOT NULL,
    family          VARCHAR(200),
    window_start    TIMESTAMPTZ,
    window_end      TIMESTAMPTZ,
    max_per_server  INT          NOT NULL,
    max_per_cluster INT          NOT NULL,
    state           VARCHAR(16)  NOT NULL,
    message         TEXT,
    planned         BOOLEAN      NOT NULL DEFAULT FALSE,
    operation_id    UUID,
    runner_id       VARCHAR(64),
    heartbeat_at    TIMESTAMPTZ,
    shell_command   TEXT         NOT NULL,
    created_by      VARCHAR(100) NOT NULL,
    started_at      TIMESTAMPTZ  NOT NULL DEFAULT now(),
    finished_at     TIMESTAMPTZ
);
CREATE UNIQUE INDEX compaction_runs_window ON compaction_runs (schedule_id, window_start);
CREATE INDEX compaction_runs_cluster ON compaction_runs (cluster_id, started_at DESC);

-- Every region a run considered: selected (PENDING → RUNNING → DONE/FAILED) or SKIPPED, with why.
CREATE TABLE compaction_run_regions (
    run_id             BIGINT       NOT NULL REFERENCES compaction_runs (id) ON DELETE CASCADE,
    region             VARCHAR(64)  NOT NULL,
    region_name        BYTEA        NOT NULL,
    table_name         VARCHAR(300) NOT NULL,
    start_key          BYTEA        NOT NULL,
    server             VARCHAR(300) NOT NULL,
    state              VARCHAR(16)  NOT NULL,
    reason             TEXT,
    priority           INT          NOT NULL,
    stores             INT,
    store_files_before INT,
    store_files_after  INT,
    bytes_before       BIGINT,
    bytes_after        BIGINT,
    locality_before    REAL,
    locality_after     REAL,
    last_major_before  TIMESTAMPTZ,
    requested_at       TIMESTAMPTZ,
    started_at         TIMESTAMPTZ,
    finished_at        TIMESTAMPTZ,
    PRIMARY KEY (run_id, region)
);
CREATE INDEX compaction_run_regions_table ON compaction_run_regions (table_name);

-- The compaction switch as Granary last set it on each RegionServer (HBase does not persist it).
CREATE TABLE compaction_switch (
    cluster_id BIGINT       NOT NULL REFERENCES clusters (id) ON DELETE CASCADE,
    server     VARCHAR(300) NOT NULL,
    enabled    BOOLEAN      NOT NULL,
    set_at     TIMESTAMPTZ  NOT NULL,
    PRIMARY KEY (cluster_id, server)
);
