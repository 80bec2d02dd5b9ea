CREATE TABLE "api_token_sites" (
	"token_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "api_token_sites_token_id_site_id_pk" PRIMARY KEY("token_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"created_by_user_id" integer,
	"cloud_id" integer,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"previous_secret_hash" text,
	"previous_valid_until" timestamp with time zone,
	"read_only" boolean DEFAULT false NOT NULL,
	"role_id" text,
	"permissions" integer DEFAULT 0 NOT NULL,
	"admin_scope" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_tokens_kind_check" CHECK (("api_tokens"."kind" = 'personal' AND "api_tokens"."user_id" IS NOT NULL AND "api_tokens"."cloud_id" IS NULL AND "api_tokens"."role_id" IS NULL)
        OR ("api_tokens"."kind" = 'cloud' AND "api_tokens"."cloud_id" IS NOT NULL AND "api_tokens"."role_id" IS NOT NULL AND "api_tokens"."user_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "api_token_sites" ADD CONSTRAINT "api_token_sites_token_id_api_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."api_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_token_sites" ADD CONSTRAINT "api_token_sites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_token_sites_site_idx" ON "api_token_sites" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_secret_hash_idx" ON "api_tokens" USING btree ("secret_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_previous_secret_hash_idx" ON "api_tokens" USING btree ("previous_secret_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_user_idx" ON "api_tokens" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "api_tokens_cloud_idx" ON "api_tokens" USING btree ("cloud_id","id");--> statement-breakpoint
CREATE INDEX "api_tokens_created_by_idx" ON "api_tokens" USING btree ("created_by_user_id");