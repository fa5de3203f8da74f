-- Rolling restarts and configuration changes run step by step (a step: one role on a batch of its
-- hosts, or the configuration write); like a scale-in they survive a control-plane restart.
ALTER TABLE provisioning_runs ADD COLUMN abort_requested BOOLEAN NOT NULL DEFAULT false;

CREATE TABLE run_steps (
    run_id         BIGINT        NOT NULL REFERENCES provisioning_runs (id) ON DELETE CASCADE,
    seq            INT           NOT NULL,
    role           VARCHAR(32)   NOT NULL,
    hosts          TEXT          NOT NULL,
    phase          VARCHAR(32)   NOT NULL,
    regions_moved  INT,
    started_at     TIMESTAMPTZ,
    finished_at    TIMESTAMPTZ,
    PRIMARY KEY (run_id, seq)
);

-- Each phase as it began on each host: the per-host timeline.
CREATE TABLE run_step_events (
    run_id  BIGINT        NOT NULL REFERENCES provisioning_runs (id) ON DELETE CASCADE,
    seq     INT           NOT NULL,
    host    VARCHAR(255)  NOT NULL,
    phase   VARCHAR(32)   NOT NULL,
    at      TIMESTAMPTZ   NOT NULL DEFAULT now()
);
CREATE INDEX run_step_events_run ON run_step_events (run_id, seq);
