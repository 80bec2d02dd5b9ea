CREATE TABLE "device_links" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"links" jsonb NOT NULL,
	"states" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_links" ADD CONSTRAINT "device_links_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The links the devices' latest heartbeats reported, as core/topology.ts linkReportsOf and linkStates write them.
INSERT INTO "device_links" ("device_id", "links", "states")
SELECT r.device_id, r.links, concat_ws(' ',
	(SELECT string_agg('p' || (e->>'port') || ':' || CASE WHEN (e->>'link')::boolean THEN e->>'speedMbps' ELSE '-' END, ' ' ORDER BY o) FROM jsonb_array_elements(r.links->'ports') WITH ORDINALITY AS x(e, o)),
	(SELECT string_agg('l' || lower(replace(trim(e->>'peerMac'), '-', ':')) || ':' || CASE WHEN (e->>'up')::boolean THEN 'up' ELSE '-' END, ' ' ORDER BY o) FROM jsonb_array_elements(r.links->'links') WITH ORDINALITY AS x(e, o)),
	(SELECT string_agg('m' || lower(replace(trim(e->>'mac'), '-', ':')), ' ' ORDER BY o) FROM jsonb_array_elements(r.links->'meshPeers') WITH ORDINALITY AS x(e, o)),
	(SELECT string_agg('d' || lower(replace(trim(e->>'mac'), '-', ':')) || ':' || CASE WHEN (e->>'reachable')::boolean THEN 'up' ELSE '-' END, ' ' ORDER BY o) FROM jsonb_array_elements(r.links->'managedDevices') WITH ORDINALITY AS x(e, o)))
FROM (
	SELECT a.device_id, jsonb_strip_nulls(jsonb_build_object(
		'ports', (SELECT jsonb_agg(jsonb_build_object('port', e->'port', 'link', e->'link', 'speedMbps', e->'speedMbps') ORDER BY o) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(a.telemetry->'ports') = 'array' THEN a.telemetry->'ports' END) WITH ORDINALITY AS x(e, o)),
		'links', (SELECT jsonb_agg(jsonb_strip_nulls(jsonb_build_object('peerMac', e->'peerMac', 'band', e->'band', 'up', e->'up', 'rssi', e->'rssi', 'capacityMbps', e->'capacityMbps')) ORDER BY o) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(a.telemetry->'links') = 'array' THEN a.telemetry->'links' END) WITH ORDINALITY AS x(e, o)),
		'meshPeers', (SELECT jsonb_agg(jsonb_build_object('mac', e->'mac', 'rssi', e->'rssi', 'capacityMbps', e->'capacityMbps') ORDER BY o) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(a.telemetry->'meshPeers') = 'array' THEN a.telemetry->'meshPeers' END) WITH ORDINALITY AS x(e, o)),
		'managedDevices', (SELECT jsonb_agg(jsonb_build_object('mac', e->'mac', 'reachable', e->'reachable') ORDER BY o) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(a.telemetry->'managedDevices') = 'array' THEN a.telemetry->'managedDevices' END) WITH ORDINALITY AS x(e, o))
	)) AS links
	FROM "device_agents" a
	WHERE a.device_id IS NOT NULL AND a.telemetry IS NOT NULL
) r
WHERE r.links <> '{}'::jsonb;
