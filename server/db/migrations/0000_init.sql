CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "login_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"keys" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "server_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"csrf_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "user_alert_preferences" (
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"alert_count" integer NOT NULL,
	"display_alert" boolean NOT NULL,
	CONSTRAINT "user_alert_preferences_user_id_name_pk" PRIMARY KEY("user_id","name")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"firstname" text DEFAULT '' NOT NULL,
	"lastname" text DEFAULT '' NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"preferred_language" text DEFAULT 'en' NOT NULL,
	"date_format" text DEFAULT 'YYYY-MM-DD' NOT NULL,
	"time_format" text DEFAULT 'HH:mm' NOT NULL,
	"measurement_units" text DEFAULT 'METRIC' NOT NULL,
	"subscribe_newsletter" boolean DEFAULT false NOT NULL,
	"support_tools" boolean DEFAULT false NOT NULL,
	"is_administrator" boolean DEFAULT false NOT NULL,
	"totp_secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"site_id" integer,
	"device_id" integer,
	"smart_nvr_id" integer,
	"alert_type" text NOT NULL,
	"alert_data1" text,
	"alert_data2" text,
	"alert_data3" text,
	"health_id" text NOT NULL,
	"problem_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"device_id" integer,
	"smart_nvr_id" integer,
	"state" text NOT NULL,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_targets_one_target" CHECK (num_nonnulls("task_targets"."device_id", "task_targets"."smart_nvr_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"type_id" text NOT NULL,
	"task_state" text NOT NULL,
	"task_params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"site_id" integer,
	"device_id" integer,
	"smart_nvr_id" integer,
	"created_by_user_id" integer,
	"execute_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "addons" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "addons_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "advertisements" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"video_url" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cloud_addons" (
	"cloud_id" integer NOT NULL,
	"addon_id" integer NOT NULL,
	"enabled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cloud_addons_cloud_id_addon_id_pk" PRIMARY KEY("cloud_id","addon_id")
);
--> statement-breakpoint
CREATE TABLE "clouds" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"plan_type" text NOT NULL,
	"badge_of_courage" boolean DEFAULT false NOT NULL,
	"large_site_support_allowed" boolean DEFAULT false NOT NULL,
	"enable_credit_card" boolean DEFAULT true NOT NULL,
	"enable_advertisement" boolean DEFAULT false NOT NULL,
	"access_control_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"suspended_at" timestamp with time zone,
	"suspend_type" text,
	"company" text DEFAULT '' NOT NULL,
	"authport_enabled" boolean DEFAULT false NOT NULL,
	"billing_address" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"plan_purchased_at" timestamp with time zone,
	"plan_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"email" text NOT NULL,
	"invited_by_user_id" integer,
	"role_id" text NOT NULL,
	"permissions" integer DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"read_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"kind" text NOT NULL,
	"free" boolean DEFAULT false NOT NULL,
	"device_id" integer,
	"smart_nvr_id" integer,
	"addon_id" integer,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "membership_sites" (
	"user_id" integer NOT NULL,
	"cloud_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "membership_sites_user_id_cloud_id_site_id_pk" PRIMARY KEY("user_id","cloud_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"user_id" integer NOT NULL,
	"cloud_id" integer NOT NULL,
	"role_id" text NOT NULL,
	"permissions" integer DEFAULT 0 NOT NULL,
	"push_alerts" boolean DEFAULT false NOT NULL,
	"alerts_viewed_at" timestamp with time zone,
	"tasks_viewed_at" timestamp with time zone,
	"active_site_filter_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_user_id_cloud_id_pk" PRIMARY KEY("user_id","cloud_id")
);
--> statement-breakpoint
CREATE TABLE "blog_post_reads" (
	"user_id" integer NOT NULL,
	"post_uuid" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_post_reads_user_id_post_uuid_pk" PRIMARY KEY("user_id","post_uuid")
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"plaintext" text NOT NULL,
	"mobiledoc" jsonb NOT NULL,
	"url" text NOT NULL,
	"custom_excerpt" text,
	"inbox" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "error_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploaded_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"uploaded_by_user_id" integer,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"site_id" integer,
	"name" text NOT NULL,
	"fw" text DEFAULT '' NOT NULL,
	"mgmtd_version" text DEFAULT '' NOT NULL,
	"sn" text NOT NULL,
	"mac" text NOT NULL,
	"ip" text,
	"hostname" text DEFAULT '' NOT NULL,
	"allow_config" boolean DEFAULT true NOT NULL,
	"product_brand_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_type" text NOT NULL,
	"config_type" text DEFAULT '' NOT NULL,
	"health_id" text DEFAULT 'HEALTH_UNKNOWN' NOT NULL,
	"state_id" text DEFAULT 'STATE_REGISTERED' NOT NULL,
	"status_id" text DEFAULT 'STATUS_OFFLINE' NOT NULL,
	"type" text DEFAULT 'NET_STANDALONE' NOT NULL,
	"suspend_config" boolean DEFAULT false NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"decomm" boolean DEFAULT false NOT NULL,
	"config_saved_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "object_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"site_id" integer,
	"object_type" text NOT NULL,
	"object_id" integer NOT NULL,
	"field" text NOT NULL,
	"value" text NOT NULL,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_to" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_filters" (
	"id" serial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"name" text NOT NULL,
	"site_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"name" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"allow_config" boolean DEFAULT true NOT NULL,
	"config_enabled" boolean DEFAULT true NOT NULL,
	"sdwan_enabled" boolean DEFAULT false NOT NULL,
	"config_saved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "smart_nvrs" (
	"id" serial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"name" text NOT NULL,
	"mac" text NOT NULL,
	"sn" text NOT NULL,
	"ip" text,
	"product_brand_id" integer NOT NULL,
	"fw" text DEFAULT '' NOT NULL,
	"health_id" text DEFAULT 'HEALTH_UNKNOWN' NOT NULL,
	"status_id" text DEFAULT 'STATUS_OFFLINE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wireless_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"site_id" integer,
	"device_id" integer,
	"mac" text NOT NULL,
	"ip" text,
	"hostname" text DEFAULT '' NOT NULL,
	"ssid" text DEFAULT '' NOT NULL,
	"band" text,
	"rssi" integer,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_alert_preferences" ADD CONSTRAINT "user_alert_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_smart_nvr_id_smart_nvrs_id_fk" FOREIGN KEY ("smart_nvr_id") REFERENCES "public"."smart_nvrs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_targets" ADD CONSTRAINT "task_targets_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_targets" ADD CONSTRAINT "task_targets_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_targets" ADD CONSTRAINT "task_targets_smart_nvr_id_smart_nvrs_id_fk" FOREIGN KEY ("smart_nvr_id") REFERENCES "public"."smart_nvrs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_smart_nvr_id_smart_nvrs_id_fk" FOREIGN KEY ("smart_nvr_id") REFERENCES "public"."smart_nvrs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_addons" ADD CONSTRAINT "cloud_addons_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_addons" ADD CONSTRAINT "cloud_addons_addon_id_addons_id_fk" FOREIGN KEY ("addon_id") REFERENCES "public"."addons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_post_reads" ADD CONSTRAINT "blog_post_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_post_reads" ADD CONSTRAINT "blog_post_reads_post_uuid_blog_posts_uuid_fk" FOREIGN KEY ("post_uuid") REFERENCES "public"."blog_posts"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "error_reports" ADD CONSTRAINT "error_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD CONSTRAINT "uploaded_files_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_filters" ADD CONSTRAINT "site_filters_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_filters" ADD CONSTRAINT "site_filters_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_nvrs" ADD CONSTRAINT "smart_nvrs_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wireless_clients" ADD CONSTRAINT "wireless_clients_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wireless_clients" ADD CONSTRAINT "wireless_clients_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wireless_clients" ADD CONSTRAINT "wireless_clients_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_name_trgm" ON "users" USING gin (("firstname" || ' ' || "lastname") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "alerts_cloud_problem_idx" ON "alerts" USING btree ("cloud_id","problem_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "alerts_site_problem_idx" ON "alerts" USING btree ("site_id","problem_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "alerts_device_idx" ON "alerts" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "task_targets_task_state_idx" ON "task_targets" USING btree ("task_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "task_targets_task_device_key" ON "task_targets" USING btree ("task_id","device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_targets_task_nvr_key" ON "task_targets" USING btree ("task_id","smart_nvr_id");--> statement-breakpoint
CREATE INDEX "task_targets_device_idx" ON "task_targets" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "tasks_cloud_execute_idx" ON "tasks" USING btree ("cloud_id","execute_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tasks_cloud_completed_idx" ON "tasks" USING btree ("cloud_id","completed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_site_idx" ON "tasks" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "clouds_name_trgm" ON "clouds" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invitations_email_idx" ON "invitations" USING btree (lower("email"),"state");--> statement-breakpoint
CREATE INDEX "invitations_cloud_idx" ON "invitations" USING btree ("cloud_id");--> statement-breakpoint
CREATE INDEX "licenses_cloud_idx" ON "licenses" USING btree ("cloud_id","kind");--> statement-breakpoint
CREATE INDEX "licenses_smart_nvr_idx" ON "licenses" USING btree ("smart_nvr_id");--> statement-breakpoint
CREATE INDEX "membership_sites_site_idx" ON "membership_sites" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "memberships_cloud_idx" ON "memberships" USING btree ("cloud_id");--> statement-breakpoint
CREATE INDEX "blog_posts_published_idx" ON "blog_posts" USING btree ("published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "error_reports_created_idx" ON "error_reports" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "uploaded_files_cloud_idx" ON "uploaded_files" USING btree ("cloud_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "devices_cloud_site_idx" ON "devices" USING btree ("cloud_id","site_id");--> statement-breakpoint
CREATE INDEX "devices_site_idx" ON "devices" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "devices_cloud_health_idx" ON "devices" USING btree ("cloud_id","health_id");--> statement-breakpoint
CREATE INDEX "devices_mac_idx" ON "devices" USING btree ("mac");--> statement-breakpoint
CREATE INDEX "devices_mac_trgm" ON "devices" USING gin ("mac" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_ip_idx" ON "devices" USING btree ("ip");--> statement-breakpoint
CREATE INDEX "devices_sn_idx" ON "devices" USING btree ("sn");--> statement-breakpoint
CREATE INDEX "devices_name_trgm" ON "devices" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_hostname_trgm" ON "devices" USING gin ("hostname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "object_history_cloud_value_idx" ON "object_history" USING btree ("cloud_id","field","value");--> statement-breakpoint
CREATE INDEX "object_history_object_idx" ON "object_history" USING btree ("object_type","object_id");--> statement-breakpoint
CREATE INDEX "object_history_value_trgm" ON "object_history" USING gin ("value" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "site_filters_cloud_name_idx" ON "site_filters" USING btree ("cloud_id","name");--> statement-breakpoint
CREATE INDEX "sites_cloud_name_idx" ON "sites" USING btree ("cloud_id","name");--> statement-breakpoint
CREATE INDEX "sites_name_trgm" ON "sites" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sites_location_trgm" ON "sites" USING gin ("location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "smart_nvrs_cloud_idx" ON "smart_nvrs" USING btree ("cloud_id");--> statement-breakpoint
CREATE INDEX "smart_nvrs_name_trgm" ON "smart_nvrs" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "wireless_clients_cloud_mac_idx" ON "wireless_clients" USING btree ("cloud_id","mac");--> statement-breakpoint
CREATE INDEX "wireless_clients_mac_trgm" ON "wireless_clients" USING gin ("mac" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "wireless_clients_cloud_ip_idx" ON "wireless_clients" USING btree ("cloud_id","ip");--> statement-breakpoint
CREATE INDEX "wireless_clients_site_idx" ON "wireless_clients" USING btree ("site_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "wireless_clients_device_idx" ON "wireless_clients" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "wireless_clients_hostname_trgm" ON "wireless_clients" USING gin ("hostname" gin_trgm_ops);