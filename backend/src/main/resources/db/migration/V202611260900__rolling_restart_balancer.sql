-- A rolling restart switches the balancer off for its RegionServer steps (it would move regions
-- between a server's unload and load); true while the run owes the cluster a switch back on, so a
-- control plane that adopts the run after a stop still restores it.
ALTER TABLE provisioning_runs ADD COLUMN balancer_restore BOOLEAN NOT NULL DEFAULT false;
