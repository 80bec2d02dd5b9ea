CREATE TABLE "single_sign_on" (
	"cloud_id" integer PRIMARY KEY NOT NULL,
	"issuer_url" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text NOT NULL,
	"role_id" text NOT NULL,
	"permissions" integer DEFAULT 0 NOT NULL,
	"password_sign_in" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "single_sign_on_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "single_sign_on_requests" (
	"browser_hash" text PRIMARY KEY NOT NULL,
	"cloud_id" integer,
	"state" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"next" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "single_sign_on" ADD CONSTRAINT "single_sign_on_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_sign_on" ADD CONSTRAINT "single_sign_on_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_sign_on_domains" ADD CONSTRAINT "single_sign_on_domains_cloud_id_single_sign_on_cloud_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."single_sign_on"("cloud_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_sign_on_requests" ADD CONSTRAINT "single_sign_on_requests_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "single_sign_on_domains_cloud_idx" ON "single_sign_on_domains" USING btree ("cloud_id");--> statement-breakpoint
CREATE INDEX "single_sign_on_requests_expires_idx" ON "single_sign_on_requests" USING btree ("expires_at");