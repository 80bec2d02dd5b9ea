-- Heartbeat metrics (server/fleet/metric-store.ts): every heartbeat's numbers for two days, hourly rollups
-- for 90 days. Both are partitioned by time, so old data goes by dropping a partition; the partitions
-- themselves are created ahead by a background job.
CREATE TABLE "device_metrics" (
	"agent_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"cpu" real NOT NULL,
	"mem" real NOT NULL,
	"temp" real,
	"power" real,
	"clients" smallint,
	"clients24" smallint,
	"clients5" smallint,
	"clients60" smallint,
	"util24" real,
	"util5" real,
	"util60" real,
	"noise24" real,
	"noise5" real,
	"noise60" real,
	"rx_bytes" bigint,
	"tx_bytes" bigint,
	"link_rssi" real,
	"link_snr" real,
	"link_capacity" real
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE INDEX "device_metrics_agent_at_idx" ON "device_metrics" ("agent_id", "at");
--> statement-breakpoint
CREATE TABLE "device_metrics_hourly" (
	"agent_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"samples" smallint NOT NULL,
	"cpu" real NOT NULL,
	"cpu_max" real NOT NULL,
	"mem" real NOT NULL,
	"mem_max" real NOT NULL,
	"temp" real,
	"temp_max" real,
	"power" real,
	"power_max" real,
	"clients" real,
	"clients_max" smallint,
	"clients24" real,
	"clients5" real,
	"clients60" real,
	"util24" real,
	"util5" real,
	"util60" real,
	"noise24" real,
	"noise5" real,
	"noise60" real,
	"rx_bytes" bigint,
	"tx_bytes" bigint,
	"link_rssi" real,
	"link_rssi_min" real,
	"link_snr" real,
	"link_capacity" real,
	PRIMARY KEY ("agent_id", "hour")
) PARTITION BY RANGE ("hour");
