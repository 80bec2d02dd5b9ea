-- Alerts stored before each alert type had one definition of its data (core/alerts/alert-params.ts) are
-- rewritten to it, so they read as new ones do. Older pipeline and demo-seed shapes are told apart by form.
-- DEV_UNREACHABLE: seconds without contact (was the last heartbeat's time, or minutes; the device's IP goes).
UPDATE "alerts" SET
  "alert_data1" = CASE
    WHEN "alert_data1" ~ '^\d{4}-\d{2}-\d{2}T' THEN
      greatest(0, floor(extract(epoch FROM "problem_at" - "alert_data1"::timestamptz)))::bigint::text
    WHEN "alert_data1" ~ '^\d+$' THEN ("alert_data1"::bigint * 60)::text
    ELSE NULL END,
  "alert_data2" = NULL, "alert_data3" = NULL
WHERE "alert_type" = 'DEV_UNREACHABLE';
--> statement-breakpoint
-- DEV_REBOOT: a reason code and the uptime before the restart in seconds ("310h" from the seed; the seconds
-- since the restart that the pipeline stored are not that, so they go).
UPDATE "alerts" SET
  "alert_data1" = CASE "alert_data1"
    WHEN 'Power loss' THEN 'power' WHEN 'Watchdog' THEN 'watchdog' WHEN 'Requested by user' THEN 'user'
    ELSE "alert_data1" END,
  "alert_data2" = CASE
    WHEN "alert_data2" ~ '^\d+h$' THEN (substring("alert_data2" FROM '^(\d+)h$')::bigint * 3600)::text
    ELSE NULL END
WHERE "alert_type" = 'DEV_REBOOT';
--> statement-breakpoint
-- DEV_CONFIG_FAILED: the reason only (the seed stored a section, the reason and a revision).
UPDATE "alerts" SET "alert_data1" = "alert_data2", "alert_data2" = NULL, "alert_data3" = NULL
WHERE "alert_type" = 'DEV_CONFIG_FAILED' AND "alert_data2" IS NOT NULL;
--> statement-breakpoint
-- POWER_CONSUMPTION: power and budget in W (the seed added a port).
UPDATE "alerts" SET "alert_data3" = NULL WHERE "alert_type" = 'POWER_CONSUMPTION';
--> statement-breakpoint
-- MEDIA_SYNC_FAILURE: the reason (the pipeline added the lag in seconds; the seed stored camera and reason).
UPDATE "alerts" SET
  "alert_data1" = CASE
    WHEN "alert_data2" IS NULL OR "alert_data2" ~ '^\d+$' THEN "alert_data1"
    ELSE "alert_data1" || ': ' || "alert_data2" END,
  "alert_data2" = NULL, "alert_data3" = NULL
WHERE "alert_type" = 'MEDIA_SYNC_FAILURE';
--> statement-breakpoint
-- TIME_UNSYNCED: the offset in seconds (the pipeline stored milliseconds; the seed a time server, then seconds).
UPDATE "alerts" SET
  "alert_data1" = CASE
    WHEN "alert_data1" ~ '^-?\d+$' THEN round(abs("alert_data1"::numeric) / 1000)::bigint::text
    WHEN "alert_data2" ~ '^\d+$' THEN "alert_data2"
    ELSE NULL END,
  "alert_data2" = NULL, "alert_data3" = NULL
WHERE "alert_type" = 'TIME_UNSYNCED';
--> statement-breakpoint
-- LINK_60G_DOWN: the peer's MAC (the seed stored its name, MAC and minutes).
UPDATE "alerts" SET "alert_data1" = "alert_data2", "alert_data2" = NULL, "alert_data3" = NULL
WHERE "alert_type" = 'LINK_60G_DOWN' AND "alert_data2" IS NOT NULL;
--> statement-breakpoint
-- STREAM_FAILED: camera name and reason (the seed stored a camera number first).
UPDATE "alerts" SET "alert_data1" = "alert_data2", "alert_data2" = "alert_data3", "alert_data3" = NULL
WHERE "alert_type" = 'STREAM_FAILED' AND "alert_data3" IS NOT NULL;
--> statement-breakpoint
-- TASK_FAILED: task id, task type, failed/total devices (was "N of M devices").
UPDATE "alerts" SET "alert_data3" = regexp_replace("alert_data3", '^(\d+) of (\d+) devices$', '\1/\2')
WHERE "alert_type" = 'TASK_FAILED';
--> statement-breakpoint
-- UCI_FILE_SYNC: the files (the seed added a reason).
UPDATE "alerts" SET "alert_data2" = NULL, "alert_data3" = NULL WHERE "alert_type" = 'UCI_FILE_SYNC';
--> statement-breakpoint
-- CHANNEL_CHANGED: old channel, new channel, band in GHz (the pipeline stored "5 GHz" first).
UPDATE "alerts" SET
  "alert_data1" = "alert_data2", "alert_data2" = "alert_data3",
  "alert_data3" = replace("alert_data1", ' GHz', '')
WHERE "alert_type" = 'CHANNEL_CHANGED' AND "alert_data1" LIKE '% GHz';
