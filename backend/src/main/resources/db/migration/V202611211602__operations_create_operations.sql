CREATE TABLE operations (
    id               UUID PRIMARY KEY,
    type             VARCHAR(64)  NOT NULL,
    cluster_id       BIGINT REFERENCES clusters (id) ON DELETE SET NULL,
    target           VARCHAR(300) NOT NULL,
    state            VARCHAR(16)  NOT NULL CHECK (state IN ('PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED')),
    progress         INT          NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
    message          TEXT,
    shell_equivalent TEXT,
    created_by       VARCHAR(64)  NOT NULL,
    created_at       TIMESTAMPTZ  NOT NULL DEFAULT now(),
    started_at       TIMESTAMPTZ,
    finished_at      TIMESTAMPTZ,
    cancel_requested BOOLEAN      NOT NULL DEFAULT FALSE,
    -- which control-plane instance runs it, and when it last said so: stale rows are failed
    runner           VARCHAR(64),
    heartbeat_at     TIMESTAMPTZ
);
CREATE INDEX operations_cluster_created ON operations (cluster_id, created_at DESC);
CREATE INDEX operations_open ON operations (state) WHERE state IN ('PENDING', 'RUNNING');

CREATE TABLE operation_events (
    id           BIGSERIAL PRIMARY KEY,
    operation_id UUID        NOT NULL REFERENCES operations (id) ON DELETE CASCADE,
    at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    level        VARCHAR(8)  NOT NULL CHECK (level IN ('INFO', 'WARN', 'ERROR')),
    message      TEXT        NOT NULL,
    progress     INT
);
CREATE INDEX operation_events_op ON operation_events (operation_id, id);
