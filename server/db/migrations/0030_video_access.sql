CREATE TABLE "video_access" (
	"id" serial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"smart_nvr_id" integer NOT NULL,
	"camera_id" text NOT NULL,
	"camera_name" text NOT NULL,
	"user_id" integer,
	"user_email" text NOT NULL,
	"session_hash" text NOT NULL,
	"kind" text NOT NULL,
	"stream" text NOT NULL,
	"range_from" timestamp with time zone,
	"range_to" timestamp with time zone,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "video_access" ADD CONSTRAINT "video_access_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_access" ADD CONSTRAINT "video_access_smart_nvr_id_smart_nvrs_id_fk" FOREIGN KEY ("smart_nvr_id") REFERENCES "public"."smart_nvrs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_access" ADD CONSTRAINT "video_access_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_access_nvr_started_idx" ON "video_access" USING btree ("smart_nvr_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "video_access_cloud_idx" ON "video_access" USING btree ("cloud_id");--> statement-breakpoint
CREATE INDEX "video_access_user_idx" ON "video_access" USING btree ("user_id") WHERE "video_access"."user_id" IS NOT NULL;