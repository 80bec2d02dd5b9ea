CREATE TABLE "guest_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"kind" text NOT NULL,
	"username" text NOT NULL,
	"password_sealed" text,
	"email" text,
	"batch_id" integer,
	"shared" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"first_used_at" timestamp with time zone,
	"used_up_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_certificates" (
	"cloud_id" integer PRIMARY KEY NOT NULL,
	"certificate_pem" text NOT NULL,
	"key_sealed" text NOT NULL,
	"subject" text NOT NULL,
	"issuer" text NOT NULL,
	"self_signed" boolean NOT NULL,
	"fingerprint" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"expiry_alerted_at" timestamp with time zone,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_nas" (
	"id" serial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"device_id" integer,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"coa_port" integer DEFAULT 3799 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"name" text NOT NULL,
	"price_label" text DEFAULT '' NOT NULL,
	"valid_from" text NOT NULL,
	"validity_minutes" integer NOT NULL,
	"session_minutes" integer,
	"idle_minutes" integer,
	"down_kbps" integer,
	"up_kbps" integer,
	"session_quota_bytes" bigint,
	"period_quota_bytes" bigint,
	"quota_period" text,
	"devices_per_account" integer DEFAULT 1 NOT NULL,
	"site_ids" integer[] DEFAULT '{}' NOT NULL,
	"ssids" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_portals" (
	"id" serial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"ssid" text,
	"name" text NOT NULL,
	"logo_file_id" integer,
	"background_file_id" integer,
	"primary_color" text DEFAULT '#1565c0' NOT NULL,
	"background_color" text DEFAULT '#f5f7fa' NOT NULL,
	"text_color" text DEFAULT '#1a1a1a' NOT NULL,
	"texts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"methods" text[] NOT NULL,
	"free_plan_id" integer,
	"walled_garden" text[] DEFAULT '{}' NOT NULL,
	"redirect_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"nas_id" integer,
	"account_id" integer NOT NULL,
	"acct_session_id" text NOT NULL,
	"mac" text NOT NULL,
	"device_id" integer,
	"called_station" text,
	"ssid" text,
	"framed_ip" text,
	"started_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"duration_s" integer DEFAULT 0 NOT NULL,
	"bytes_in" bigint DEFAULT 0 NOT NULL,
	"bytes_out" bigint DEFAULT 0 NOT NULL,
	"end_reason" text,
	"disconnected_by" integer
);
--> statement-breakpoint
CREATE TABLE "guest_site_secrets" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"secret_sealed" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guest_voucher_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"name" text NOT NULL,
	"count" integer NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"code_length" integer NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guest_accounts" ADD CONSTRAINT "guest_accounts_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_accounts" ADD CONSTRAINT "guest_accounts_plan_id_guest_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."guest_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_accounts" ADD CONSTRAINT "guest_accounts_batch_id_guest_voucher_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."guest_voucher_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_accounts" ADD CONSTRAINT "guest_accounts_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_accounts" ADD CONSTRAINT "guest_accounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_certificates" ADD CONSTRAINT "guest_certificates_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_certificates" ADD CONSTRAINT "guest_certificates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_nas" ADD CONSTRAINT "guest_nas_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_nas" ADD CONSTRAINT "guest_nas_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_nas" ADD CONSTRAINT "guest_nas_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_plans" ADD CONSTRAINT "guest_plans_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_portals" ADD CONSTRAINT "guest_portals_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_portals" ADD CONSTRAINT "guest_portals_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_portals" ADD CONSTRAINT "guest_portals_logo_file_id_uploaded_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."uploaded_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_portals" ADD CONSTRAINT "guest_portals_background_file_id_uploaded_files_id_fk" FOREIGN KEY ("background_file_id") REFERENCES "public"."uploaded_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_portals" ADD CONSTRAINT "guest_portals_free_plan_id_guest_plans_id_fk" FOREIGN KEY ("free_plan_id") REFERENCES "public"."guest_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_sessions" ADD CONSTRAINT "guest_sessions_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_sessions" ADD CONSTRAINT "guest_sessions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_sessions" ADD CONSTRAINT "guest_sessions_nas_id_guest_nas_id_fk" FOREIGN KEY ("nas_id") REFERENCES "public"."guest_nas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_sessions" ADD CONSTRAINT "guest_sessions_account_id_guest_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."guest_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_sessions" ADD CONSTRAINT "guest_sessions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_sessions" ADD CONSTRAINT "guest_sessions_disconnected_by_users_id_fk" FOREIGN KEY ("disconnected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_site_secrets" ADD CONSTRAINT "guest_site_secrets_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_site_secrets" ADD CONSTRAINT "guest_site_secrets_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_voucher_batches" ADD CONSTRAINT "guest_voucher_batches_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_voucher_batches" ADD CONSTRAINT "guest_voucher_batches_plan_id_guest_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."guest_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_voucher_batches" ADD CONSTRAINT "guest_voucher_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guest_accounts_cloud_username_idx" ON "guest_accounts" USING btree ("cloud_id",lower("username"));--> statement-breakpoint
CREATE INDEX "guest_accounts_cloud_created_idx" ON "guest_accounts" USING btree ("cloud_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "guest_accounts_batch_idx" ON "guest_accounts" USING btree ("batch_id","id");--> statement-breakpoint
CREATE INDEX "guest_accounts_plan_idx" ON "guest_accounts" USING btree ("plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guest_nas_address_idx" ON "guest_nas" USING btree ("address");--> statement-breakpoint
CREATE INDEX "guest_nas_site_idx" ON "guest_nas" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "guest_nas_cloud_idx" ON "guest_nas" USING btree ("cloud_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "guest_plans_cloud_name_idx" ON "guest_plans" USING btree ("cloud_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "guest_portals_site_ssid_idx" ON "guest_portals" USING btree ("site_id",coalesce("ssid", ''));--> statement-breakpoint
CREATE INDEX "guest_portals_cloud_idx" ON "guest_portals" USING btree ("cloud_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "guest_sessions_nas_acct_idx" ON "guest_sessions" USING btree ("nas_id","acct_session_id");--> statement-breakpoint
CREATE INDEX "guest_sessions_cloud_started_idx" ON "guest_sessions" USING btree ("cloud_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "guest_sessions_account_idx" ON "guest_sessions" USING btree ("account_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "guest_sessions_mac_idx" ON "guest_sessions" USING btree ("cloud_id","mac","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "guest_sessions_active_idx" ON "guest_sessions" USING btree ("cloud_id","updated_at") WHERE "guest_sessions"."ended_at" IS NULL;--> statement-breakpoint
CREATE INDEX "guest_voucher_batches_cloud_idx" ON "guest_voucher_batches" USING btree ("cloud_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);