-- Clients and traffic per site and hour (and per cloud: site_id 0), rolled up with device_metrics_hourly
-- (server/fleet/metric-store.ts), so a dashboard reads a row per hour instead of every device's.
CREATE TABLE "site_metrics_hourly" (
	"cloud_id" integer NOT NULL REFERENCES "clouds"("id") ON DELETE CASCADE,
	"site_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"devices" integer NOT NULL,
	"clients" real,
	"rx_bytes" bigint,
	"tx_bytes" bigint,
	PRIMARY KEY ("cloud_id", "site_id", "hour")
);
--> statement-breakpoint
CREATE INDEX "site_metrics_hourly_hour_idx" ON "site_metrics_hourly" ("hour");
--> statement-breakpoint
-- Alerts raised per site and hour (site 0: the whole cloud), counted again for the last two days by each
-- rollup so that alerts reported late still count.
CREATE TABLE "site_alerts_hourly" (
	"cloud_id" integer NOT NULL REFERENCES "clouds"("id") ON DELETE CASCADE,
	"site_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"critical" integer NOT NULL,
	"warning" integer NOT NULL,
	PRIMARY KEY ("cloud_id", "site_id", "hour")
);
--> statement-breakpoint
CREATE INDEX "site_alerts_hourly_hour_idx" ON "site_alerts_hourly" ("hour");
