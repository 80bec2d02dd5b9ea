// docs/demo.md#configuration: the demo sites' configurations, so a new user sees every state: applied
// revisions with a history, a draft waiting for review, device overrides, a drifted device and one
// suspended after a firmware downgrade.
import { sql } from 'drizzle-orm';
import { defaultDocument } from '../../../core/config/defaults.ts';
import { CONFIG_TYPES, type ConfigDocuments, type ConfigType } from '../../../core/config/document.ts';
import { type Json, merge } from '../../../core/config/tree.ts';
import { substitute } from '../../../core/config/variables.ts';
import { documentHash, type SecretBox } from '../../features/config/seal.ts';
import type { Database } from '../connect.ts';
import { queryRows } from '../rows.ts';
import { configRevisions, deviceConfigs, siteConfigs } from '../schema/config.ts';
import { daysAgo, shift } from './time.ts';

type Document = { [key: string]: Json };
/** The typed documents of core/config/ as the tree functions take them. */
const json = (value: unknown) => value as Json;
type SiteRow = { id: number; name: string; timezone: string };
type DeviceRow = {
  id: number;
  site_id: number;
  config_type: ConfigType;
  inherit: boolean;
  fw: string;
  online: boolean;
  suspend_config: boolean;
};

const wlan = (
  id: string,
  ssid: string,
  fields: Partial<ConfigDocuments['wifi6']['wifi6_wireless']['wlans'][number]> = {},
): ConfigDocuments['wifi6']['wifi6_wireless']['wlans'][number] => ({
  id,
  ssid,
  enabled: true,
  hidden: false,
  bands: ['2.4', '5'],
  security: 'wpa2-wpa3',
  passphrase: `${id}-${ssid.length}-demo-passphrase`,
  management_frame_protection: 'optional',
  radius_servers: [],
  vlan_id: null,
  client_isolation: false,
  band_steering: true,
  rate_limit_kbps: null,
  schedule: null,
  ...fields,
});

/** A site's document of a kind, as its first (`version` 1) or current (2) revision has it. */
function siteDocument(type: ConfigType, site: SiteRow, version: 1 | 2): Document {
  const document = defaultDocument(type, 'US', site.timezone) as unknown as Document;
  const general = document.general_locale as ConfigDocuments['wifi6']['general_locale'];
  document.general_locale = json({
    ...general,
    admin_password: `admin-${site.id}-demo-password`,
    syslog: { enabled: version === 2, host: version === 2 ? 'syslog.demo.example' : null, port: 514 },
    management: { ssh: true, https: true, allowed_networks: ['10.0.0.0/8'] },
  });
  if (type === 'wifi5' || type === 'wifi6') {
    const section = `${type}_wireless`;
    document[section] = json({
      ...(document[section] as object),
      wlans: [
        // WPA2 still: the demo's older access points run firmware without WPA3.
        wlan('corp', '{{site_code}}-Corp', { security: 'wpa2-psk', vlan_id: 10 }),
        wlan('guest', 'Guest {{site_code}}', {
          security: 'wpa2-psk',
          vlan_id: version === 2 ? 30 : 20,
          client_isolation: true,
          rate_limit_kbps: version === 2 ? { down: 20_000, up: 5_000 } : null,
        }),
      ],
    });
  }
  if (type === 'switch') {
    document.switch_security = json({
      vlans: [
        { id: 'default', vlan_id: 1, name: 'Default' },
        { id: 'corp', vlan_id: 10, name: 'Corporate' },
        { id: 'guest', vlan_id: version === 2 ? 30 : 20, name: 'Guest' },
      ],
      port_profiles: [
        {
          id: 'ap-uplink',
          name: 'AP uplink',
          native_vlan: 1,
          tagged_vlans: [10, version === 2 ? 30 : 20],
          poe: true,
          isolation: false,
          dot1x: false,
          storm_control_pct: 10,
        },
      ],
      ports: [],
      dot1x_radius_servers: [],
      management_acl: ['10.0.0.0/8'],
    });
  }
  return document;
}

/** "Hotel Bayview" is HB, "Headquarters" HEA. */
function siteCode(site: SiteRow) {
  const words = site.name.split(/\s+/);
  return (words.length > 1 ? words.map((word) => word[0]).join('') : site.name.slice(0, 3)).toUpperCase();
}

/**
 * Seeds the configurations of the cloud's sites that have configuration turned on: two applied revisions
 * per kind of device each holds (the second by `authorId` four days ago), the first site with a draft, and
 * its devices with the hash of what the console sent them.
 */
export async function seedConfigurations(
  db: Database,
  secrets: SecretBox,
  cloudId: number,
  authorId: number,
  now: Date,
): Promise<void> {
  const sites = await queryRows<SiteRow>(
    db,
    sql`SELECT id, name, timezone FROM sites WHERE cloud_id = ${cloudId} AND config_enabled ORDER BY id`,
  );
  const devices = await queryRows<DeviceRow>(
    db,
    sql`SELECT id, site_id, config_type, type = 'NET_ENTERPRISE' AS inherit, fw,
          status_id <> 'STATUS_OFFLINE' AS online, suspend_config
        FROM devices WHERE cloud_id = ${cloudId} AND site_id IS NOT NULL AND deleted_at IS NULL
          AND config_type = ANY(${`{${CONFIG_TYPES.join(',')}}`}::text[])
        ORDER BY id`,
  );
  const seal = (document: Json) => secrets.seal(document) as Document;
  let overridden = 0;
  let drafted = false;
  let drifted = false;
  for (const [index, site] of sites.entries()) {
    const variables = { site_code: siteCode(site) };
    await db.execute(sql`UPDATE sites SET config_variables = ${JSON.stringify(variables)}::jsonb,
      config_saved_at = ${daysAgo(now, 4).toISOString()} WHERE id = ${site.id}`);
    const onSite = devices.filter((device) => device.site_id === site.id);
    for (const type of CONFIG_TYPES.filter((kind) => onSite.some((d) => d.config_type === kind))) {
      const [first] = await db
        .insert(configRevisions)
        .values({
          cloudId,
          siteId: site.id,
          configType: type,
          kind: 'apply',
          document: seal(siteDocument(type, site, 1)),
          authorUserId: authorId,
          createdAt: daysAgo(now, 20),
        })
        .returning({ id: configRevisions.id });
      const current = siteDocument(type, site, 2);
      const [second] = await db
        .insert(configRevisions)
        .values({
          cloudId,
          siteId: site.id,
          configType: type,
          kind: 'apply',
          parentId: first?.id ?? null,
          document: seal(current),
          authorUserId: authorId,
          createdAt: daysAgo(now, 4),
        })
        .returning({ id: configRevisions.id });
      // The first site has a new WLAN waiting for review.
      const wireless = type === 'wifi5' || type === 'wifi6';
      const draft: Json =
        index === 0 && wireless && !drafted
          ? merge(current, {
              [`${type}_wireless`]: {
                wlans: [
                  json(wlan('iot', '{{site_code}}-IoT', { vlan_id: 40, hidden: true, band_steering: false })),
                ],
              },
            })
          : null;
      drafted ||= draft !== null;
      await db.insert(siteConfigs).values({
        siteId: site.id,
        configType: type,
        revisionId: second?.id ?? null,
        draft: draft === null ? null : seal(draft),
      });
      for (const device of onSite.filter((one) => one.config_type === type)) {
        // Every ninth inheriting access point has its own 5 GHz channel.
        const overrides: Document =
          wireless && device.inherit && ++overridden % 9 === 0
            ? { [`${type}_wireless`]: { radios: [{ band: '5', channel: overridden % 2 ? 44 : 149 }] } }
            : {};
        const own = device.inherit ? overrides : current;
        const effective = substitute(merge(device.inherit ? current : null, own), variables).document;
        const drift: boolean =
          wireless && device.online && device.inherit && !drifted && !device.suspend_config;
        drifted ||= drift;
        const running = drift
          ? merge(effective, { [`${type}_wireless`]: { radios: [{ band: '2.4', tx_power_dbm: 9 }] } })
          : effective;
        await db.insert(deviceConfigs).values({
          deviceId: device.id,
          overrides: seal(own),
          consoleHash: documentHash(effective),
          running: seal(running),
          runningReceivedAt: drift ? shift(now, { hours: -2 }) : null,
          suspendReason: device.suspend_config ? `Firmware went back to ${device.fw}.` : null,
        });
      }
    }
  }
}

/**
 * What the demo's devices run when the simulator first starts them: the document the console last sent
 * each one (its hash as the console knows it), and on the drifted one the document changed on it, with
 * its wireless file out of sync. Keyed by MAC address, as the simulator's state file keeps its devices
 * (sim/state-file.ts).
 */
export async function demoDeviceFlash(db: Database, secrets: SecretBox) {
  const rows = await queryRows<{ mac: string; running: Json; hash: string; drifted: boolean }>(
    db,
    sql`SELECT d.mac, c.running, c.console_hash AS hash, c.running_received_at IS NOT NULL AS drifted
        FROM device_configs c JOIN devices d ON d.id = c.device_id
        WHERE c.running IS NOT NULL AND c.console_hash IS NOT NULL`,
  );
  return Object.fromEntries(
    rows.map((row) => [
      row.mac,
      {
        credential: null,
        seq: 0,
        config: {
          document: secrets.open(row.running) as Document,
          hash: row.hash,
          unsyncedFiles: row.drifted ? ['wireless'] : [],
          error: null,
        },
      },
    ]),
  );
}
