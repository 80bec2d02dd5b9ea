-- Per-family telemetry (docs/telemetry.md): 6 GHz radios, retries, both ends of a radio link with its MCS
-- and availability, WAN latency and loss, port errors and the PoE budget, in the samples and their hourly
-- rollups (server/fleet/metric-store.ts). Adding nullable columns rewrites no partition.
ALTER TABLE "device_metrics" ADD COLUMN "clients6" smallint, ADD COLUMN "util6" real, ADD COLUMN "noise6" real,
	ADD COLUMN "retries" real, ADD COLUMN "link_remote_rssi" real, ADD COLUMN "link_remote_snr" real,
	ADD COLUMN "link_mcs" real, ADD COLUMN "link_up" real, ADD COLUMN "wan_latency" real, ADD COLUMN "wan_loss" real,
	ADD COLUMN "errors" integer, ADD COLUMN "power_budget" real;
--> statement-breakpoint
ALTER TABLE "device_metrics_hourly" ADD COLUMN "clients6" real, ADD COLUMN "util6" real, ADD COLUMN "noise6" real,
	ADD COLUMN "retries" real, ADD COLUMN "link_remote_rssi" real, ADD COLUMN "link_remote_snr" real,
	ADD COLUMN "link_mcs" real, ADD COLUMN "link_up" real, ADD COLUMN "wan_latency" real, ADD COLUMN "wan_loss" real,
	ADD COLUMN "errors" bigint, ADD COLUMN "power_budget" real;
