-- Per-item telemetry (docs/telemetry.md#per-item-series): each heartbeat's radios, SSIDs, ports, WAN ports,
-- cameras and recording storage as one JSON document per sample, summed up per hour and per day beside the
-- device's other numbers (server/fleet/metric-store.ts). The charts read them by the tables' primary keys
-- and the samples' (agent_id, at) index, as the device's other series. Adding a nullable column rewrites no
-- partition.
ALTER TABLE "device_metrics" ADD COLUMN "items" jsonb;
--> statement-breakpoint
ALTER TABLE "device_metrics_hourly" ADD COLUMN "items" jsonb;
--> statement-breakpoint
ALTER TABLE "device_metrics_daily" ADD COLUMN "items" jsonb;
--> statement-breakpoint
-- A gateway's failovers are read per device and time range (docs/telemetry.md#gateways).
CREATE INDEX "device_events_failover_idx" ON "device_events" USING btree ("agent_id","occurred_at") WHERE "type" = 'wan_failover';
