CREATE TABLE "floor_positions" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"floor_id" integer NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "floors" (
	"id" serial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"plan_file_id" integer,
	"scale_x_1" double precision,
	"scale_y_1" double precision,
	"scale_x_2" double precision,
	"scale_y_2" double precision,
	"scale_metres" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "floor_positions" ADD CONSTRAINT "floor_positions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_positions" ADD CONSTRAINT "floor_positions_floor_id_floors_id_fk" FOREIGN KEY ("floor_id") REFERENCES "public"."floors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floors" ADD CONSTRAINT "floors_cloud_id_clouds_id_fk" FOREIGN KEY ("cloud_id") REFERENCES "public"."clouds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floors" ADD CONSTRAINT "floors_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floors" ADD CONSTRAINT "floors_plan_file_id_uploaded_files_id_fk" FOREIGN KEY ("plan_file_id") REFERENCES "public"."uploaded_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "floor_positions_floor_idx" ON "floor_positions" USING btree ("floor_id");--> statement-breakpoint
CREATE INDEX "floors_site_idx" ON "floors" USING btree ("site_id","position");