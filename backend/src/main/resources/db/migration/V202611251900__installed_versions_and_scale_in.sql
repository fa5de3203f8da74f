-- What each successful install, scale-out or scale-in left installed: the spec it ran and the plan,
-- so later runs are planned as a diff against it.
CREATE TABLE cluster_installs (
    cluster_name  VARCHAR(100)  NOT NULL,
    version       INT           NOT NULL,
    run_id        BIGINT        REFERENCES provisioning_runs (id) ON DELETE SET NULL,
    playbook      VARCHAR(32)   NOT NULL,
    spec          TEXT          NOT NULL,
    plan          TEXT          NOT NULL,
    created_by    VARCHAR(100)  NOT NULL,
    created_at    TIMESTAMPTZ   NOT NULL DEFAULT now(),
    PRIMARY KEY (cluster_name, version)
);

-- A scale-in is driven host by host and survives a control-plane restart: who drives it (runner,
-- heartbeat), the ansible-playbook it last started, and whether it should stop after this host.
ALTER TABLE provisioning_runs ADD COLUMN runner_id VARCHAR(64);
ALTER TABLE provisioning_runs ADD COLUMN heartbeat_at TIMESTAMPTZ;
ALTER TABLE provisioning_runs ADD COLUMN ansible_pid BIGINT;
ALTER TABLE provisioning_runs ADD COLUMN pause_requested BOOLEAN NOT NULL DEFAULT false;

CREATE TABLE scale_in_hosts (
    run_id        BIGINT        NOT NULL REFERENCES provisioning_runs (id) ON DELETE CASCADE,
    seq           INT           NOT NULL,
    host          VARCHAR(255)  NOT NULL,
    phase         VARCHAR(32)   NOT NULL,
    regions_left  INT,
    blocks_left   BIGINT,
    started_at    TIMESTAMPTZ,
    finished_at   TIMESTAMPTZ,
    PRIMARY KEY (run_id, seq)
);
