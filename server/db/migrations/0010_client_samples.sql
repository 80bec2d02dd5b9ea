CREATE TABLE "wireless_client_samples" (
	"client_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"rssi" integer,
	"rx_bytes" bigint NOT NULL,
	"tx_bytes" bigint NOT NULL,
	CONSTRAINT "wireless_client_samples_client_id_hour_pk" PRIMARY KEY("client_id","hour")
);
--> statement-breakpoint
ALTER TABLE "wireless_client_samples" ADD CONSTRAINT "wireless_client_samples_client_id_wireless_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."wireless_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wireless_client_samples_hour_idx" ON "wireless_client_samples" USING btree ("hour");