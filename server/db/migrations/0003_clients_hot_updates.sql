DROP INDEX "wireless_clients_site_idx";--> statement-breakpoint
CREATE INDEX "wireless_clients_site_idx" ON "wireless_clients" USING btree ("site_id");--> statement-breakpoint
-- Heartbeats update client rows all the time: free space on each page lets PostgreSQL update them in place.
ALTER TABLE "wireless_clients" SET (fillfactor = 70);
