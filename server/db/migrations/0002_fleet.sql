CREATE TABLE "device_agents" (
	"id" serial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"device_id" integer,
	"smart_nvr_id" integer,
	"credential_hash" text NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"status_id" text DEFAULT 'STATUS_OFFLINE' NOT NULL,
	"last_heartbeat_at" timestamp with time zone,
	"skip_after" timestamp with time zone,
	"offline_after" timestamp with time zone,
	"state" jsonb NOT NULL,
	"telemetry" jsonb,
	"adopted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_agents_one_target" CHECK (num_nonnulls("device_agents"."device_id", "device_agents"."smart_nvr_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "device_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"seq" bigint NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"sn" text NOT NULL,
	"mac" text NOT NULL,
	"product_brand_id" integer NOT NULL,
	"fw" text NOT NULL,
	"mgmtd_version" text NOT NULL,
	"remote_address" text,
	"calls" integer DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "wireless_clients_cloud_mac_idx";--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "alert_key" text;--> statement-breakpoint
ALTER TABLE "wireless_clients" ADD COLUMN "rx_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wireless_clients" ADD COLUMN "tx_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "device_agents" ADD CONSTRAINT "device_agents_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_agents" ADD CONSTRAINT "device_agents_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_agents" ADD CONSTRAINT "device_agents_smart_nvr_id_smart_nvrs_id_fk" FOREIGN KEY ("smart_nvr_id") REFERENCES "public"."smart_nvrs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_events" ADD CONSTRAINT "device_events_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_events" ADD CONSTRAINT "device_events_agent_id_device_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."device_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_agents_device_key" ON "device_agents" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_agents_nvr_key" ON "device_agents" USING btree ("smart_nvr_id");--> statement-breakpoint
CREATE INDEX "device_agents_skip_idx" ON "device_agents" USING btree ("skip_after") WHERE "device_agents"."status_id" = 'STATUS_ONLINE';--> statement-breakpoint
CREATE INDEX "device_agents_offline_idx" ON "device_agents" USING btree ("offline_after") WHERE "device_agents"."status_id" <> 'STATUS_OFFLINE';--> statement-breakpoint
CREATE INDEX "device_events_agent_idx" ON "device_events" USING btree ("agent_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "pending_devices_mac_key" ON "pending_devices" USING btree ("mac");--> statement-breakpoint
CREATE INDEX "pending_devices_sn_idx" ON "pending_devices" USING btree ("sn");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_open_device_key" ON "alerts" USING btree ("device_id","alert_type","alert_key") WHERE "alerts"."resolved_at" IS NULL AND "alerts"."alert_key" IS NOT NULL AND "alerts"."device_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_open_nvr_key" ON "alerts" USING btree ("smart_nvr_id","alert_type","alert_key") WHERE "alerts"."resolved_at" IS NULL AND "alerts"."alert_key" IS NOT NULL AND "alerts"."smart_nvr_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "wireless_clients_cloud_mac_key" ON "wireless_clients" USING btree ("cloud_id","mac");