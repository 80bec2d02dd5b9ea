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
--> statement-breakpoint
-- Live devices counted by family, status, health and firmware per cloud, and by site, kept by triggers on
-- devices as rows of changes that only ever get inserted (no counter row is locked by a writer); the
-- fleet's background work folds them together (server/features/dashboards/device-counts.ts).
CREATE TABLE "device_count_log" (
	"cloud_id" integer NOT NULL,
	"product_type" text NOT NULL,
	"status_id" text NOT NULL,
	"health_id" text NOT NULL,
	"fw" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "device_count_log_cloud_idx" ON "device_count_log" ("cloud_id");
--> statement-breakpoint
CREATE TABLE "site_count_log" (
	"cloud_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"total" integer NOT NULL,
	"critical" integer NOT NULL,
	"warning" integer NOT NULL,
	"offline" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "site_count_log_cloud_idx" ON "site_count_log" ("cloud_id");
--> statement-breakpoint
CREATE FUNCTION "log_device_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed text := CASE TG_OP
		WHEN 'INSERT' THEN 'SELECT *, 1 AS n FROM new_rows'
		WHEN 'DELETE' THEN 'SELECT *, -1 AS n FROM old_rows'
		ELSE 'SELECT *, 1 AS n FROM new_rows UNION ALL SELECT *, -1 AS n FROM old_rows' END;
BEGIN
	-- An update that moves no count (a new address, a name) cancels out and logs nothing.
	EXECUTE format($sql$
		WITH changes AS (
			SELECT cloud_id, site_id, product_type, status_id, health_id, fw, n FROM (%s) c
			WHERE deleted_at IS NULL AND NOT decomm
		), by_cloud AS (
			INSERT INTO device_count_log (cloud_id, product_type, status_id, health_id, fw, n)
			SELECT cloud_id, product_type, status_id, health_id, fw, sum(n) FROM changes
			GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0
		)
		INSERT INTO site_count_log (cloud_id, site_id, total, critical, warning, offline)
		SELECT * FROM (
			SELECT cloud_id, site_id, sum(n) AS total,
				coalesce(sum(n) FILTER (WHERE health_id = 'HEALTH_CRITICAL'), 0) AS critical,
				coalesce(sum(n) FILTER (WHERE health_id = 'HEALTH_WARNING'), 0) AS warning,
				coalesce(sum(n) FILTER (WHERE status_id = 'STATUS_OFFLINE'), 0) AS offline
			FROM changes WHERE site_id IS NOT NULL GROUP BY 1, 2
		) s WHERE total <> 0 OR critical <> 0 OR warning <> 0 OR offline <> 0
	$sql$, changed);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "devices_count_insert" AFTER INSERT ON "devices" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "log_device_counts"();
--> statement-breakpoint
CREATE TRIGGER "devices_count_update" AFTER UPDATE ON "devices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "log_device_counts"();
--> statement-breakpoint
CREATE TRIGGER "devices_count_delete" AFTER DELETE ON "devices" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "log_device_counts"();
--> statement-breakpoint
INSERT INTO "device_count_log" (cloud_id, product_type, status_id, health_id, fw, n)
SELECT cloud_id, product_type, status_id, health_id, fw, count(*) FROM devices
WHERE deleted_at IS NULL AND NOT decomm GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO "site_count_log" (cloud_id, site_id, total, critical, warning, offline)
SELECT cloud_id, site_id, count(*), count(*) FILTER (WHERE health_id = 'HEALTH_CRITICAL'),
	count(*) FILTER (WHERE health_id = 'HEALTH_WARNING'), count(*) FILTER (WHERE status_id = 'STATUS_OFFLINE')
FROM devices WHERE deleted_at IS NULL AND NOT decomm AND site_id IS NOT NULL GROUP BY 1, 2;
