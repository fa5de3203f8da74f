-- Each NameNode's ZKFC (host:port, in NameNode order), asked for a graceful failover. Null: each
-- NameNode's host with the default port 8019.
ALTER TABLE clusters
    ADD COLUMN zkfc_addresses TEXT;
