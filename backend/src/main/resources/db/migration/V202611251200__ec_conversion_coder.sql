-- What encoded a conversion's files and how fast: the raw coder the control plane's HDFS client
-- used (native ISA-L or Java), how many files it copied at once, and its copy time and bytes.
ALTER TABLE ec_conversions
    ADD COLUMN coder          VARCHAR(300),
    ADD COLUMN parallel_files INT    NOT NULL DEFAULT 1,
    ADD COLUMN copy_millis    BIGINT NOT NULL DEFAULT 0,
    ADD COLUMN bytes_copied   BIGINT NOT NULL DEFAULT 0;
