-- A RegionServer step records the regions its servers held before it (host -> encoded name -> table,
-- JSON), so a control plane that runs the step again after a stop still checks them all, and how
-- many of them were open on their server's new instance after it.
ALTER TABLE run_steps ADD COLUMN regions_before TEXT;
ALTER TABLE run_steps ADD COLUMN regions_back INTEGER;
