// One device or smart NVR as its dashboard shows it: identity and state from devices / smart_nvrs, the
// latest heartbeat from device_agents.telemetry.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DeviceDetail, DeviceReport, SmartNvrDetail } from '../../../core/api/devices.ts';
import { type ProductType, TASK_TYPES } from '../../../core/domain.ts';
import type { HeartbeatRequest } from '../../../core/fleet/protocol.ts';
import { isOnline } from '../../../core/fleet/status.ts';
import {
  type Access,
  can,
  mayChangeDeviceState,
  mayResetCredential,
  sitePermissions,
  visibleSiteIds,
} from '../../../core/policy.ts';
import { productBrand } from '../../../core/product-catalogue.ts';
import { allowedTasks, runsOn, TASK_DEFINITIONS } from '../../../core/task-types.ts';
import { mayReachDevice, mayReachRecorder } from '../../../core/tunnels.ts';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';
import { deviceConfigs } from '../../db/schema/config.ts';
import { deviceAgents } from '../../db/schema/fleet.ts';
import { devices, sites, smartNvrs } from '../../db/schema/inventory.ts';
import { flagSetBy } from './device-state.ts';

/** The parts of a heartbeat a dashboard shows, under the API's names. */
function reportOf(telemetry: Record<string, unknown> | null, at: Date | null): DeviceReport | null {
  if (!telemetry || !at) return null;
  const beat = telemetry as Partial<HeartbeatRequest> &
    Pick<HeartbeatRequest, 'system' | 'timeSync' | 'config'>;
  const { system, timeSync, config } = beat;
  const report: DeviceReport = {
    at: at.toISOString(),
    uptime_s: beat.uptimeS ?? 0,
    system: {
      cpu_pct: system.cpuPct,
      mem_pct: system.memPct,
      temp_c: system.tempC,
      power_w: system.powerW,
      power_budget_w: system.powerBudgetW,
    },
    time_sync: { synced: timeSync.synced, offset_ms: timeSync.offsetMs },
    config: { applied: config.applied, error: config.error, unsynced_files: config.unsyncedFiles },
    action_required: beat.actionRequired ?? null,
  };
  if (beat.radios)
    report.radios = beat.radios.map((r) => ({
      band: r.band,
      channel: r.channel,
      width_mhz: r.widthMhz,
      tx_power_dbm: r.txPowerDbm,
      noise_dbm: r.noiseDbm,
      util_pct: r.utilPct,
    }));
  if (beat.ports)
    report.ports = beat.ports.map((p) => ({
      port: p.port,
      link: p.link,
      speed_mbps: p.speedMbps,
      poe_w: p.poeW,
    }));
  if (beat.links)
    report.links = beat.links.map((l) => ({
      peer_mac: l.peerMac,
      band: l.band,
      up: l.up,
      rssi: l.rssi,
      snr: l.snr,
      capacity_mbps: l.capacityMbps,
      mcs: l.mcs,
    }));
  if (beat.meshPeers)
    report.mesh_peers = beat.meshPeers.map((m) => ({
      mac: m.mac,
      rssi: m.rssi,
      snr: m.snr,
      capacity_mbps: m.capacityMbps,
      hops: m.hops,
    }));
  if (beat.wan)
    report.wan = beat.wan.map((w) => ({
      name: w.name,
      up: w.up,
      ip: w.ip,
      latency_ms: w.latencyMs,
      loss_pct: w.lossPct,
    }));
  if (beat.managedDevices)
    report.managed_devices = beat.managedDevices.map((m) => ({
      mac: m.mac,
      name: m.name,
      reachable: m.reachable,
    }));
  if (beat.cameras)
    report.cameras = beat.cameras.map((c) => ({
      id: c.id,
      name: c.name,
      stream: c.stream,
      bitrate_kbps: c.bitrateKbps,
    }));
  if (beat.mediaSync)
    report.media_sync = { ok: beat.mediaSync.ok, lag_s: beat.mediaSync.lagS, error: beat.mediaSync.error };
  return report;
}

/** The device, or undefined when it is gone or on a site the caller does not see. */
export async function readDeviceDetail(
  db: Database,
  cloudId: number,
  deviceId: number,
  access: Access,
): Promise<DeviceDetail | undefined> {
  const [row] = await db
    .select({
      device: devices,
      siteName: sites.name,
      agentId: deviceAgents.id,
      credentialHash: deviceAgents.credentialHash,
      telemetry: deviceAgents.telemetry,
      lastHeartbeatAt: deviceAgents.lastHeartbeatAt,
    })
    .from(devices)
    .leftJoin(
      sites,
      and(eq(sites.id, devices.siteId), eq(sites.cloudId, devices.cloudId), isNull(sites.deletedAt)),
    )
    .leftJoin(deviceAgents, eq(deviceAgents.deviceId, devices.id))
    .where(and(eq(devices.id, deviceId), eq(devices.cloudId, cloudId), isNull(devices.deletedAt)));
  if (!row) return undefined;
  const { device } = row;
  const siteId = row.siteName === null ? null : device.siteId;
  const visible = visibleSiteIds(access);
  if (visible && (siteId === null || !visible.includes(siteId))) return undefined;

  const report = reportOf(row.telemetry, row.lastHeartbeatAt);
  // The heartbeat's clients have their own table; how many it reported is its latest sample's count.
  if (report && row.agentId !== null) {
    const [latest] = await queryRows<{ clients: number | null }>(
      db,
      sql`SELECT clients FROM device_metrics WHERE agent_id = ${row.agentId} ORDER BY at DESC LIMIT 1`,
    );
    if (latest?.clients != null) report.clients = latest.clients;
  }
  // The devices at the far ends of its radio links and its mesh peers, by MAC.
  const peerMacs = [
    ...new Set([
      ...(report?.links ?? []).map((link) => link.peer_mac.toLowerCase()),
      ...(report?.mesh_peers ?? []).map((peer) => peer.mac.toLowerCase()),
    ]),
  ];
  const peers =
    peerMacs.length === 0
      ? []
      : await db
          .select({ mac: devices.mac, id: devices.id, name: devices.name, siteId: devices.siteId })
          .from(devices)
          .where(
            and(eq(devices.cloudId, cloudId), inArray(devices.mac, peerMacs), isNull(devices.deletedAt)),
          );
  return {
    id: device.id,
    name: device.name,
    site: siteId === null || row.siteName === null ? null : { id: siteId, name: row.siteName },
    mac: device.mac,
    ip: device.ip,
    hostname: device.hostname,
    sn: device.sn,
    product_type: device.productType,
    product_brand_id: device.productBrandId,
    product_name: productBrand(device.productBrandId)?.name ?? null,
    status_id: device.statusId,
    online: isOnline(device),
    health_id: device.healthId,
    fw: device.fw,
    mgmtd_version: device.mgmtdVersion,
    // What the caller may start; a blocked or decommissioned device takes none until it is brought back.
    allowed_tasks: allowedTasks(access, siteId, device.productType as ProductType),
    blocked: device.blocked,
    decomm: device.decomm,
    state_changed: device.decomm
      ? await flagSetBy(db, cloudId, device.id, 'decomm')
      : device.blocked
        ? await flagSetBy(db, cloudId, device.id, 'blocked')
        : null,
    can_change_state: mayChangeDeviceState(access, siteId),
    ...(device.suspendConfig ? { config_suspended: { reason: await suspendReason(db, device.id) } } : {}),
    last_seen_at: (row.lastHeartbeatAt ?? device.lastSeenAt)?.toISOString() ?? null,
    can_rename: siteId !== null && sitePermissions(access, siteId).has('rename_device'),
    can_reset_credential: row.credentialHash !== null && mayResetCredential(access, siteId),
    can_open_tunnel: mayReachDevice(access, siteId),
    link_peers: peers
      .filter((peer) => !visible || (peer.siteId !== null && visible.includes(peer.siteId)))
      .map(({ mac, id, name }) => ({ mac, id, name })),
    report,
  };
}

/** The recorder, or undefined when it is gone (recorders belong to the cloud: the route checks who sees it). */
export async function readSmartNvrDetail(
  db: Database,
  cloudId: number,
  smartNvrId: number,
  access: Access,
): Promise<SmartNvrDetail | undefined> {
  const [row] = await db
    .select({
      nvr: smartNvrs,
      credentialHash: deviceAgents.credentialHash,
      telemetry: deviceAgents.telemetry,
      lastHeartbeatAt: deviceAgents.lastHeartbeatAt,
    })
    .from(smartNvrs)
    .leftJoin(deviceAgents, eq(deviceAgents.smartNvrId, smartNvrs.id))
    .where(and(eq(smartNvrs.id, smartNvrId), eq(smartNvrs.cloudId, cloudId), isNull(smartNvrs.deletedAt)));
  if (!row) return undefined;
  const { nvr } = row;
  return {
    id: nvr.id,
    name: nvr.name,
    sn: nvr.sn,
    mac: nvr.mac,
    ip: nvr.ip,
    fw: nvr.fw,
    product_brand_id: nvr.productBrandId,
    product_name: productBrand(nvr.productBrandId)?.name ?? null,
    status_id: nvr.statusId,
    online: isOnline({ blocked: false, decomm: false, statusId: nvr.statusId }),
    health_id: nvr.healthId,
    last_seen_at: row.lastHeartbeatAt?.toISOString() ?? null,
    allowed_tasks: TASK_TYPES.filter(
      (type) => runsOn(type, 'smartnvr') && can(access, TASK_DEFINITIONS[type].smartNvrPermission),
    ),
    can_reset_credential: row.credentialHash !== null && mayResetCredential(access, null, true),
    can_open_tunnel: mayReachRecorder(access),
    report: reportOf(row.telemetry, row.lastHeartbeatAt),
  };
}

/** Why a device's configuration is suspended (docs/configuration.md#suspension), when the console knows. */
async function suspendReason(db: Database, deviceId: number): Promise<string | null> {
  const [row] = await db
    .select({ reason: deviceConfigs.suspendReason })
    .from(deviceConfigs)
    .where(eq(deviceConfigs.deviceId, deviceId));
  return row?.reason ?? null;
}
