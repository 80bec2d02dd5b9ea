CREATE TABLE "single_sign_on_sessions" (
	"session_hash" text PRIMARY KEY NOT NULL,
	"cloud_id" integer,
	"id_token_sealed" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "single_sign_on" ADD COLUMN "sign_out_at_provider" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "single_sign_on_sessions" ADD CONSTRAINT "single_sign_on_sessions_session_hash_sessions_id_hash_fk" FOREIGN KEY ("session_hash") REFERENCES "public"."sessions"("id_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_sign_on_sessions" ADD CONSTRAINT "single_sign_on_sessions_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "single_sign_on_sessions_cloud_idx" ON "single_sign_on_sessions" USING btree ("cloud_id");