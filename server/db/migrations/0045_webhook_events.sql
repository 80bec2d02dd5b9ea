CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"cloud_id" integer NOT NULL,
	"site_id" integer,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Each queued event's body moves from its delivery rows into one event row, so no delivery is lost.
INSERT INTO "webhook_events" ("id", "event", "cloud_id", "site_id", "payload", "occurred_at", "created_at")
SELECT DISTINCT ON (d."event_id") d."event_id", d."event", w."cloud_id", (d."payload"->>'site_id')::integer,
	d."payload", COALESCE((d."payload"->>'occurred_at')::timestamptz, d."created_at"), d."created_at"
FROM "webhook_deliveries" d JOIN "webhooks" w ON w."id" = d."webhook_id"
ORDER BY d."event_id", d."created_at";--> statement-breakpoint
DROP INDEX "webhook_deliveries_event_idx";--> statement-breakpoint
DROP INDEX "webhook_deliveries_created_idx";--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_events_cloud_idx" ON "webhook_events" USING btree ("cloud_id");--> statement-breakpoint
CREATE INDEX "webhook_events_created_idx" ON "webhook_events" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_webhook_idx" ON "webhook_deliveries" USING btree ("event_id","webhook_id");--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP COLUMN "payload";