CREATE TABLE "discovered_cameras" (
	"id" serial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"smart_nvr_id" integer NOT NULL,
	"ip" text NOT NULL,
	"manufacturer" text NOT NULL,
	"model" text NOT NULL,
	"name" text NOT NULL,
	"task_id" integer,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recorder_cameras" (
	"id" serial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"smart_nvr_id" integer NOT NULL,
	"camera_id" text NOT NULL,
	"name" text NOT NULL,
	"model" text,
	"ip" text,
	"firmware" text,
	"main_codec" text,
	"main_width" integer,
	"main_height" integer,
	"sub_codec" text,
	"sub_width" integer,
	"sub_height" integer,
	"stream" text NOT NULL,
	"bitrate_kbps" integer DEFAULT 0 NOT NULL,
	"recording" boolean,
	"recording_profile" text,
	"retention_days" integer,
	"storage_used_bytes" bigint,
	"last_frame_at" timestamp with time zone,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "discovered_cameras" ADD CONSTRAINT "discovered_cameras_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discovered_cameras" ADD CONSTRAINT "discovered_cameras_smart_nvr_id_smart_nvrs_id_fk" FOREIGN KEY ("smart_nvr_id") REFERENCES "public"."smart_nvrs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discovered_cameras" ADD CONSTRAINT "discovered_cameras_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recorder_cameras" ADD CONSTRAINT "recorder_cameras_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recorder_cameras" ADD CONSTRAINT "recorder_cameras_smart_nvr_id_smart_nvrs_id_fk" FOREIGN KEY ("smart_nvr_id") REFERENCES "public"."smart_nvrs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discovered_cameras_nvr_ip_key" ON "discovered_cameras" USING btree ("smart_nvr_id","ip");--> statement-breakpoint
CREATE UNIQUE INDEX "recorder_cameras_nvr_camera_key" ON "recorder_cameras" USING btree ("smart_nvr_id","camera_id");--> statement-breakpoint
CREATE INDEX "recorder_cameras_nvr_name_idx" ON "recorder_cameras" USING btree ("smart_nvr_id","name","camera_id") WHERE "recorder_cameras"."removed_at" IS NULL;