CREATE TABLE "alert_mutes" (
	"id" serial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"device_id" integer,
	"smart_nvr_id" integer,
	"alert_type" text,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_mutes_what" CHECK ("alert_mutes"."device_id" IS NOT NULL OR "alert_mutes"."smart_nvr_id" IS NOT NULL OR "alert_mutes"."alert_type" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "acknowledged_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "acknowledge_comment" text;--> statement-breakpoint
ALTER TABLE "alert_mutes" ADD CONSTRAINT "alert_mutes_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_mutes" ADD CONSTRAINT "alert_mutes_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_mutes" ADD CONSTRAINT "alert_mutes_smart_nvr_id_smart_nvrs_id_fk" FOREIGN KEY ("smart_nvr_id") REFERENCES "public"."smart_nvrs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_mutes" ADD CONSTRAINT "alert_mutes_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_mutes_cloud_ends_idx" ON "alert_mutes" USING btree ("cloud_id","ends_at");--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_acknowledged_by_user_id_users_id_fk" FOREIGN KEY ("acknowledged_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;