CREATE SEQUENCE "public"."live_events_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "live_events" ADD COLUMN "position" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "live_events_position_idx" ON "live_events" USING btree ("position");--> statement-breakpoint
CREATE INDEX "live_events_unplaced_idx" ON "live_events" USING btree ("id") WHERE "live_events"."position" IS NULL;--> statement-breakpoint
-- Events written before positions existed were all committed: they keep their ids as positions, so a
-- browser reconnecting with an id it saw earlier carries on from there, and new positions follow them.
UPDATE "live_events" SET "position" = "id";--> statement-breakpoint
SELECT setval('live_events_position_seq', (SELECT max("id") FROM "live_events"));
