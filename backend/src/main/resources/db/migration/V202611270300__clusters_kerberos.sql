-- Kerberized clusters (docs/adr/0018-security.md §5): how the control plane logs in to one and trusts its
-- HTTPS (JSON: realm, kdcs, principal, protections, the CA's certificate); null for simple authentication.
ALTER TABLE clusters ADD COLUMN kerberos TEXT;

-- Secrets an install hands the control plane, sealed with secret.key (SecretBox): the control plane's
-- keytab. Keyed by cluster name: the install writes it before the cluster is registered.
CREATE TABLE cluster_secrets (
  cluster_name TEXT NOT NULL,
  kind         TEXT NOT NULL CHECK (kind IN ('KEYTAB')),
  sealed       BYTEA NOT NULL,
  sha256       TEXT NOT NULL,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (cluster_name, kind)
);
