CREATE TABLE "lldp_neighbours" (
	"device_id" integer NOT NULL,
	"local_port" text NOT NULL,
	"chassis_id" text NOT NULL,
	"port_id" text NOT NULL,
	"system_name" text,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lldp_neighbours_device_id_local_port_chassis_id_pk" PRIMARY KEY("device_id","local_port","chassis_id")
);
--> statement-breakpoint
ALTER TABLE "lldp_neighbours" ADD CONSTRAINT "lldp_neighbours_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;