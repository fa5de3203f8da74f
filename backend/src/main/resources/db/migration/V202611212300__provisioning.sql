-- Hosts Granary may install onto; the SSH key is AES-GCM sealed with a key kept outside the database.
CREATE TABLE hosts (
    id              BIGSERIAL     PRIMARY KEY,
    address         VARCHAR(255)  NOT NULL UNIQUE,
    hostname        VARCHAR(255),
    ssh_user        VARCHAR(64)   NOT NULL,
    ssh_key         BYTEA         NOT NULL,
    key_fingerprint VARCHAR(100)  NOT NULL,
    cores           INT,
    ram_mb          INT,
    data_disks      TEXT,
    rack            VARCHAR(255),
    reachable       BOOLEAN       NOT NULL,
    check_message   TEXT,
    created_by      VARCHAR(100)  NOT NULL,
    created_at      TIMESTAMPTZ   NOT NULL DEFAULT now()
);

-- An install or scale-out: the spec it ran and its Ansible task stream.
CREATE TABLE provisioning_runs (
    id            BIGSERIAL     PRIMARY KEY,
    cluster_name  VARCHAR(100)  NOT NULL,
    playbook      VARCHAR(32)   NOT NULL,
    spec          TEXT          NOT NULL,
    state         VARCHAR(16)   NOT NULL,
    message       TEXT,
    command       TEXT,
    operation_id  UUID,
    cluster_id    BIGINT        REFERENCES clusters (id) ON DELETE SET NULL,
    changed       INT,
    created_by    VARCHAR(100)  NOT NULL,
    created_at    TIMESTAMPTZ   NOT NULL DEFAULT now(),
    finished_at   TIMESTAMPTZ
);

CREATE TABLE provisioning_tasks (
    run_id   BIGINT       NOT NULL REFERENCES provisioning_runs (id) ON DELETE CASCADE,
    seq      INT          NOT NULL,
    host     VARCHAR(255),
    task     TEXT         NOT NULL,
    status   VARCHAR(16)  NOT NULL,
    message  TEXT,
    at       TIMESTAMPTZ  NOT NULL DEFAULT now(),
    PRIMARY KEY (run_id, seq)
);
