CREATE TABLE "report_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"schedule_id" integer,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"scope" text NOT NULL,
	"site_filter_id" integer,
	"site_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"period_days" integer NOT NULL,
	"recipient_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"time_zone" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"period_from" timestamp with time zone NOT NULL,
	"period_to" timestamp with time zone NOT NULL,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"error" text,
	"file_name" text,
	"content_type" text,
	"size" integer,
	"rows" integer,
	"content" "bytea",
	"mailed" text
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"scope" text NOT NULL,
	"site_filter_id" integer,
	"site_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"period_days" integer NOT NULL,
	"recipient_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"time_zone" text NOT NULL,
	"frequency" text NOT NULL,
	"weekday" integer DEFAULT 1 NOT NULL,
	"month_day" integer DEFAULT 1 NOT NULL,
	"time" text NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_schedule_id_report_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."report_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_site_filter_id_site_filters_id_fk" FOREIGN KEY ("site_filter_id") REFERENCES "public"."site_filters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_site_filter_id_site_filters_id_fk" FOREIGN KEY ("site_filter_id") REFERENCES "public"."site_filters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_runs_cloud_created_idx" ON "report_runs" USING btree ("cloud_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "report_runs_pending_idx" ON "report_runs" USING btree ("id") WHERE "report_runs"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "report_runs_running_idx" ON "report_runs" USING btree ("started_at") WHERE "report_runs"."state" = 'running';--> statement-breakpoint
CREATE INDEX "report_runs_created_idx" ON "report_runs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "report_runs_schedule_idx" ON "report_runs" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "report_schedules_cloud_name_idx" ON "report_schedules" USING btree ("cloud_id","name","id");--> statement-breakpoint
CREATE INDEX "report_schedules_next_run_idx" ON "report_schedules" USING btree ("next_run_at");