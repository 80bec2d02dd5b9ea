-- Unlogged: a crash only refills the buckets, and no request pays for a WAL write.
CREATE UNLOGGED TABLE "api_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pending_devices_last_seen_idx" ON "pending_devices" USING btree ("last_seen_at");