ALTER TABLE "webhooks" ALTER COLUMN "alert_health_ids" SET DATA TYPE text[];--> statement-breakpoint
ALTER TABLE "webhooks" ALTER COLUMN "alert_health_ids" SET DEFAULT '{}'::text[];