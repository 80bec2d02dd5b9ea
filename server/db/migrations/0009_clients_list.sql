CREATE TABLE "wireless_client_stays" (
	"id" serial PRIMARY KEY NOT NULL,
	"cloud_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"site_id" integer,
	"device_id" integer,
	"ssid" text NOT NULL,
	"band" text,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wireless_client_stays" ADD CONSTRAINT "wireless_client_stays_client_id_wireless_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."wireless_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wireless_client_stays_client_idx" ON "wireless_client_stays" USING btree ("client_id","last_seen_at");