CREATE TABLE clusters (
    id               BIGSERIAL PRIMARY KEY,
    name             VARCHAR(40)  NOT NULL UNIQUE,
    kind             VARCHAR(16)  NOT NULL CHECK (kind IN ('LOCAL', 'PROVISIONED')),
    zookeeper_quorum VARCHAR(500) NOT NULL,
    namenode_uri     VARCHAR(300) NOT NULL,
    namenode_web_url VARCHAR(300),
    master_web_url   VARCHAR(300),
    created_at       TIMESTAMPTZ  NOT NULL DEFAULT now()
);
