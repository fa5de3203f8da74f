CREATE TABLE audit_log (
    id             BIGSERIAL PRIMARY KEY,
    at             TIMESTAMPTZ  NOT NULL DEFAULT now(),
    username       VARCHAR(64)  NOT NULL,
    action         VARCHAR(200) NOT NULL,
    target         VARCHAR(300) NOT NULL,
    result         VARCHAR(16)  NOT NULL CHECK (result IN ('SUCCESS', 'DENIED', 'FAILED')),
    status         INT,
    detail         TEXT,
    remote_address VARCHAR(64)
);
CREATE INDEX audit_log_at ON audit_log (at DESC);
CREATE INDEX audit_log_user_at ON audit_log (username, at DESC);
