CREATE TABLE "account_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"requested_from" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "account_links_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_links" ADD CONSTRAINT "account_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_links_user_idx" ON "account_links" USING btree ("user_id","purpose","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Accounts made before addresses were verified came from invitation links, the demo seed or an
-- administrator: their address counts as verified, unless the change log shows it was changed on Your
-- Profile since (nothing proved that address).
UPDATE "users" SET "email_verified_at" = "created_at"
WHERE NOT EXISTS (
	SELECT 1 FROM "audit_records" r
	WHERE r."object_type" = 'user' AND r."object_id" = "users"."id"::text
		AND r."action" = 'profile_changed' AND r."after" ? 'email'
);
