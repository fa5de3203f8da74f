-- High availability: the nameservice that namenode_uri names (hdfs://<nameservice>, no port) and
-- every member's address, comma-separated in order (the first NameNode is nn1, the second nn2).
-- Null for a cluster registered without them: one NameNode, one HMaster as before.
ALTER TABLE clusters
    ADD COLUMN nameservice            VARCHAR(64),
    ADD COLUMN namenode_rpc_addresses TEXT,
    ADD COLUMN namenode_web_urls      TEXT,
    ADD COLUMN master_web_urls        TEXT;
