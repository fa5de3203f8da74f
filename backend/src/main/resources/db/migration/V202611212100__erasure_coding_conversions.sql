-- A directory's conversion to an EC policy: resumable file by file.
CREATE TABLE ec_conversions (
    id                BIGSERIAL     PRIMARY KEY,
    cluster_id        BIGINT        NOT NULL REFERENCES clusters (id) ON DELETE CASCADE,
    path              VARCHAR(2000) NOT NULL,
    policy            VARCHAR(100)  NOT NULL,
    throttle_mbps     INT           NOT NULL,
    state             VARCHAR(16)   NOT NULL,
    message           TEXT,
    predicted_raw     BIGINT        NOT NULL,
    operation_id      UUID,
    runner_id         VARCHAR(64),
    heartbeat_at      TIMESTAMPTZ,
    created_by        VARCHAR(100)  NOT NULL,
    started_at        TIMESTAMPTZ   NOT NULL DEFAULT now(),
    finished_at       TIMESTAMPTZ
);

-- Every file to convert; a file is DONE once it was renamed over its original.
CREATE TABLE ec_conversion_files (
    conversion_id BIGINT        NOT NULL REFERENCES ec_conversions (id) ON DELETE CASCADE,
    seq           INT           NOT NULL,
    path          VARCHAR(2000) NOT NULL,
    length        BIGINT        NOT NULL,
    raw_before    BIGINT        NOT NULL,
    raw_after     BIGINT,
    state         VARCHAR(16)   NOT NULL,
    error         TEXT,
    finished_at   TIMESTAMPTZ,
    PRIMARY KEY (conversion_id, seq)
);
