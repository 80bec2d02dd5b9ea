ALTER TABLE "api_tokens" DROP CONSTRAINT "api_tokens_kind_check";--> statement-breakpoint
ALTER TABLE "api_tokens" ALTER COLUMN "permissions" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "api_tokens" ALTER COLUMN "permissions" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "cloud_ids" integer[];--> statement-breakpoint
-- Personal tokens made before limits kept every bit of their owner's.
UPDATE "api_tokens" SET "permissions" = NULL WHERE "kind" = 'personal';--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_kind_check" CHECK (("api_tokens"."kind" = 'personal' AND "api_tokens"."user_id" IS NOT NULL AND "api_tokens"."cloud_id" IS NULL AND "api_tokens"."role_id" IS NULL)
        OR ("api_tokens"."kind" = 'cloud' AND "api_tokens"."cloud_id" IS NOT NULL AND "api_tokens"."role_id" IS NOT NULL AND "api_tokens"."user_id" IS NULL
          AND "api_tokens"."permissions" IS NOT NULL AND "api_tokens"."cloud_ids" IS NULL));