CREATE TABLE "config_documents" (
	"hash" text PRIMARY KEY NOT NULL,
	"document" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"site_id" integer,
	"device_id" integer,
	"config_type" text NOT NULL,
	"kind" text NOT NULL,
	"parent_id" integer,
	"document" jsonb NOT NULL,
	"author_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "config_revisions_one_owner" CHECK (num_nonnulls("config_revisions"."site_id", "config_revisions"."device_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "device_configs" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"overrides" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"draft" jsonb,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"revision_id" integer,
	"console_hash" text,
	"running" jsonb,
	"running_received_at" timestamp with time zone,
	"suspend_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_configs" (
	"site_id" integer NOT NULL,
	"config_type" text NOT NULL,
	"draft" jsonb,
	"revision_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_configs_site_id_config_type_pk" PRIMARY KEY("site_id","config_type")
);
--> statement-breakpoint
ALTER TABLE "task_targets" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "config_variables" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "config_lock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "config_revisions" ADD CONSTRAINT "config_revisions_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_revisions" ADD CONSTRAINT "config_revisions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_revisions" ADD CONSTRAINT "config_revisions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_revisions" ADD CONSTRAINT "config_revisions_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_configs" ADD CONSTRAINT "device_configs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_configs" ADD CONSTRAINT "device_configs_revision_id_config_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."config_revisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_configs" ADD CONSTRAINT "site_configs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_configs" ADD CONSTRAINT "site_configs_revision_id_config_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."config_revisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "config_revisions_site_idx" ON "config_revisions" USING btree ("site_id","id");--> statement-breakpoint
CREATE INDEX "config_revisions_device_idx" ON "config_revisions" USING btree ("device_id","id");--> statement-breakpoint
ALTER TABLE "device_agents" DROP COLUMN "config";