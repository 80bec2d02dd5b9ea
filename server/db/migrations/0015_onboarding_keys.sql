CREATE TABLE "adoption_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"mac" text NOT NULL,
	"sn" text NOT NULL,
	"remote_address" text NOT NULL,
	"approved_by" integer,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "pending_devices_mac_key";--> statement-breakpoint
ALTER TABLE "device_agents" ALTER COLUMN "credential_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "clouds" ADD COLUMN "onboarding_key" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_devices" ADD COLUMN "cloud_id" integer;--> statement-breakpoint
ALTER TABLE "adoption_approvals" ADD CONSTRAINT "adoption_approvals_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adoption_approvals" ADD CONSTRAINT "adoption_approvals_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "adoption_approvals_cloud_mac_key" ON "adoption_approvals" USING btree ("cloud_id","mac");--> statement-breakpoint
CREATE INDEX "adoption_approvals_mac_idx" ON "adoption_approvals" USING btree ("mac");--> statement-breakpoint
ALTER TABLE "pending_devices" ADD CONSTRAINT "pending_devices_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clouds_onboarding_key_key" ON "clouds" USING btree ("onboarding_key");--> statement-breakpoint
CREATE INDEX "pending_devices_cloud_seen_idx" ON "pending_devices" USING btree ("cloud_id","last_seen_at");--> statement-breakpoint
ALTER TABLE "pending_devices" ADD CONSTRAINT "pending_devices_mac_cloud_key" UNIQUE NULLS NOT DISTINCT("mac","cloud_id");