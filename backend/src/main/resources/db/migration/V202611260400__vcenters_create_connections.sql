-- Stored vCenter connections (docs/adr/0015-vsphere.md). The password and the guest SSH key are
-- sealed with the control plane's SecretBox (AES-GCM, key outside the database), like hosts.ssh_key.
CREATE TABLE vcenters (
    id              BIGSERIAL     PRIMARY KEY,
    name            VARCHAR(63)   NOT NULL UNIQUE,
    url             VARCHAR(512)  NOT NULL,
    username        VARCHAR(255)  NOT NULL,
    password        BYTEA         NOT NULL,
    tls_verify      BOOLEAN       NOT NULL DEFAULT true,
    thumbprint      VARCHAR(100),
    ca_pem          TEXT,
    guest_ssh_user  VARCHAR(32)   NOT NULL DEFAULT 'root',
    guest_key       BYTEA,
    created_by      VARCHAR(100)  NOT NULL,
    created_at      TIMESTAMPTZ   NOT NULL DEFAULT now(),
    updated_at      TIMESTAMPTZ
);

-- Which clusters Granary created VMs for, through which connection, and the VMs it made (vms.json).
CREATE TABLE vsphere_clusters (
    cluster_name    VARCHAR(100)  PRIMARY KEY,
    vcenter_id      BIGINT        NOT NULL REFERENCES vcenters (id),
    run_id          BIGINT        REFERENCES provisioning_runs (id) ON DELETE SET NULL,
    spec            TEXT          NOT NULL,
    vms             TEXT          NOT NULL,
    created_at      TIMESTAMPTZ   NOT NULL DEFAULT now()
);
