-- Result of the last codec probe per cluster and codec: only available codecs are offered.
CREATE TABLE codec_probes (
    cluster_id BIGINT      NOT NULL REFERENCES clusters (id) ON DELETE CASCADE,
    codec      VARCHAR(16) NOT NULL,
    available  BOOLEAN     NOT NULL,
    detail     TEXT,
    probed_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (cluster_id, codec)
);

-- Per-region request counters sampled on an interval; the heatmap is the difference of neighbours.
CREATE TABLE region_samples (
    cluster_id     BIGINT       NOT NULL REFERENCES clusters (id) ON DELETE CASCADE,
    sampled_at     TIMESTAMPTZ  NOT NULL,
    table_name     VARCHAR(300) NOT NULL,
    region         VARCHAR(64)  NOT NULL,
    start_key      BYTEA        NOT NULL,
    end_key        BYTEA        NOT NULL,
    server         VARCHAR(300) NOT NULL,
    read_requests  BIGINT       NOT NULL,
    write_requests BIGINT       NOT NULL,
    size_bytes     BIGINT       NOT NULL,
    PRIMARY KEY (cluster_id, table_name, sampled_at, region)
);
CREATE INDEX region_samples_age ON region_samples (sampled_at);
