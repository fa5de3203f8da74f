-- Where a cluster's Prometheus and Alertmanager answer (docs/adr/0017-observability.md); a row
-- only for clusters that have them.
CREATE TABLE cluster_monitoring (
  cluster_id       BIGINT PRIMARY KEY REFERENCES clusters(id) ON DELETE CASCADE,
  prometheus_url   TEXT NOT NULL,
  alertmanager_url TEXT,
  updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Alertmanager's webhook notifications, one row per alert occurrence (fingerprint + start): the
-- resolved history the live list from Alertmanager no longer holds.
CREATE TABLE alert_events (
  id           BIGSERIAL PRIMARY KEY,
  cluster_id   BIGINT REFERENCES clusters(id) ON DELETE CASCADE,
  cluster_name TEXT NOT NULL,
  fingerprint  TEXT NOT NULL,
  alertname    TEXT NOT NULL,
  status       TEXT NOT NULL,
  labels       TEXT NOT NULL,
  annotations  TEXT NOT NULL,
  starts_at    TIMESTAMPTZ NOT NULL,
  ends_at      TIMESTAMPTZ,
  received_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (fingerprint, starts_at)
);
CREATE INDEX alert_events_cluster ON alert_events (cluster_id, starts_at DESC);
