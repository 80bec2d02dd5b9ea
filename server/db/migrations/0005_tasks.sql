CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"site_id" integer,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_files" (
	"target_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_targets" ADD COLUMN "progress" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "task_targets" ADD COLUMN "batch" integer;--> statement-breakpoint
ALTER TABLE "task_targets" ADD COLUMN "contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "task_targets" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "task_targets" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "task_targets" ADD COLUMN "deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "task_targets" ADD COLUMN "result" jsonb;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "rollout" jsonb;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "state_counts" jsonb;--> statement-breakpoint
ALTER TABLE "device_agents" ADD COLUMN "config" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "task_files" ADD CONSTRAINT "task_files_target_id_task_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."task_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_events_created_idx" ON "live_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "task_files_created_idx" ON "task_files" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "task_targets_nvr_idx" ON "task_targets" USING btree ("smart_nvr_id");--> statement-breakpoint
CREATE INDEX "task_targets_waiting_device_idx" ON "task_targets" USING btree ("device_id") WHERE "task_targets"."state" = 'TASK_WAIT_ACK';--> statement-breakpoint
CREATE INDEX "task_targets_waiting_nvr_idx" ON "task_targets" USING btree ("smart_nvr_id") WHERE "task_targets"."state" = 'TASK_WAIT_ACK';--> statement-breakpoint
CREATE INDEX "task_targets_deadline_idx" ON "task_targets" USING btree ("deadline_at") WHERE "task_targets"."state" IN ('TASK_WAIT_ACK', 'TASK_RUNNING');--> statement-breakpoint
CREATE INDEX "tasks_active_idx" ON "tasks" USING btree ("execute_at") WHERE "tasks"."task_state" IN ('TASK_PENDING', 'TASK_STANDBY', 'TASK_WAIT_ACK', 'TASK_RUNNING');--> statement-breakpoint
CREATE INDEX "devices_cloud_type_idx" ON "devices" USING btree ("cloud_id","product_type");