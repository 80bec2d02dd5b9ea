CREATE TABLE "cloud_brands" (
	"cloud_id" integer PRIMARY KEY NOT NULL,
	"product_name" text NOT NULL,
	"primary_color" text,
	"support_url" text,
	"privacy_url" text,
	"sign_in_text" text,
	"host_name" text,
	"logo_type" text,
	"logo_data" "bytea",
	"favicon_type" text,
	"favicon_data" "bytea",
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cloud_brands" ADD CONSTRAINT "cloud_brands_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cloud_brands_host_name_idx" ON "cloud_brands" USING btree ("host_name");