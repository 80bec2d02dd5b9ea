// One simulated device: what it reports at each heartbeat and what happens to it in between. Every
// condition lasts some heartbeats and the heartbeat always tells the truth of the moment.
import { configTypeOf } from '../core/config/config-type.ts';
import { SECTION_OF } from '../core/config/document.ts';
import { BAND_CHANNELS } from '../core/fleet/channels.ts';
import { pickFieldFirmware } from '../core/fleet/firmware.ts';
import { activeWan } from '../core/fleet/metric-items.ts';
import type { AgentEvent, HeartbeatRequest, Radio } from '../core/fleet/protocol.ts';
import { type DevicePeers, NO_PEERS } from '../core/fleet/radio-links.ts';
import type { TroubleshootParams } from '../core/fleet/troubleshoot.ts';
import { keepsFiles } from '../core/navigation/versions.ts';
import { productBrand } from '../core/product-catalogue.ts';
import { hardwareOfSku, type LinkRadio, modelHardware } from '../core/product-hardware.ts';
import { createRecorderCameras } from './cameras.ts';
import { type Document, factoryDocument, localChange, refusal } from './config.ts';
import { createInterfaceCounters } from './counters.ts';
import {
  accessRadios,
  channelChoices,
  commonLink,
  linkReading,
  planPorts,
  portReadings,
  WIFI_MESH_BACKHAUL,
} from './hardware.ts';
import type { DeviceIdentity } from './identity.ts';
import { cabledPorts, isRemoteEnd, joinWiring, linkCabledPorts, lldpOf } from './lldp.ts';
import { clientsOf, joinClient, leaveClient, type Place, roamClient } from './places.ts';
import { createRandom, deviceSeed, type Random } from './random.ts';
import type { RateName, Rates } from './rates.ts';
import { joinNetwork, type NetworkMember, runTool } from './troubleshoot.ts';

/** A recorder's recording storage (docs/telemetry.md#recorders): 4 TB. */
const RECORDER_STORAGE_BYTES = 4_000_000_000_000;
const SYNC_ERROR = 'storage not reachable';

/** Switches run management daemons on both sides of 1.5.0, where the Files page starts (docs/constants.md). */
const mgmtdFor = (type: string, random: Random) =>
  type === 'switch' ? random.pick(['1.4.9', '1.5.0', '1.6.3']) : '2.4.1';

export type Step = { events: AgentEvent[]; heartbeat: HeartbeatRequest | null };

/**
 * The configuration a device runs, as its flash keeps it: the document, the hash the console sent with it
 * (null before the console first configured it), the files changed on the device since, and why the last
 * document the console sent failed (null when it applied).
 */
export type RunningConfig = {
  document: Document;
  hash: string | null;
  unsyncedFiles: string[];
  error: string | null;
};

const peerMac = (mac: string, n: number) =>
  `${mac.slice(0, 15)}${((Number.parseInt(mac.slice(15), 16) + n) & 255).toString(16).padStart(2, '0')}`;

export function createDevice(
  identity: DeviceIdentity,
  seed: number,
  rates: Rates,
  place: Place,
  /** The devices at the other ends of its radio links (core/fleet/radio-links.ts). */
  peers: DevicePeers = NO_PEERS,
) {
  const random: Random = createRandom(deviceSeed(seed, identity.mac));
  const brand = productBrand(identity.productBrandId);
  const hardware = modelHardware(identity.productBrandId) ?? hardwareOfSku(identity.productType, '');
  const sku = brand?.productBrandSku ?? '';
  const type = identity.productType;
  let fw = identity.fw || pickFieldFirmware(random, type);
  const mgmtdVersion = identity.mgmtdVersion || mgmtdFor(type, random);
  /** Heartbeats left for each condition that holds now. */
  const holding = new Map<string, number>();
  let uptimeS = random.int(3_600, 40 * 86_400);
  /** Its WAN uplinks' byte counters since boot. */
  const wanCounters = createInterfaceCounters();
  let silentFor = 0;
  let rebooted: 'power' | 'watchdog' | 'crash' | 'user' | 'firmware' | null = null;
  /** Events of what the console asked for (a new firmware), sent with the next heartbeat. */
  const queued: AgentEvent[] = [];
  /** While restarting, the device sends nothing. */
  let downUntil = 0;
  const configType = configTypeOf(type, sku);
  /** Replaced whole at every change, so that whoever keeps it can tell it changed. */
  let running: RunningConfig = {
    document: factoryDocument(configType, {
      mac: identity.mac,
      sn: identity.sn,
      hostname: identity.hostname ?? identity.mac,
      sku,
    }),
    hash: null,
    unsyncedFiles: [],
    error: null,
  };
  const isAp = type === 'wifi' || type === 'glinq';
  if (isAp) place.aps.push(identity.mac);
  // The model's access radios (docs/demo.md#hardware); a 60 GHz mesh node's radio is its link's.
  const radios: Radio[] = accessRadios(hardware, random);
  /** Clients join on the bands of its access radios (6 GHz on a Wi-Fi 6E or 7 model). */
  const clientBands = radios.length > 0 ? radios.map((radio) => radio.band) : (['2.4', '5'] as const);
  if (hardware.link?.role === 'mesh')
    radios.push({
      band: '60',
      channel: random.pick(BAND_CHANNELS['60']),
      widthMhz: 2160,
      txPowerDbm: 10,
      noiseDbm: -100,
      utilPct: random.int(5, 40),
    });
  /** Its ports as cabled, each powered one drawing its own (switches and gateways). */
  const portPlan = planPorts(hardware, random);
  const poeBudgetW = hardware.ports?.poeBudgetW ?? 0;
  const hostname = identity.hostname ?? `sim-${identity.mac.slice(-5).replace(':', '')}`;
  joinWiring(place, {
    mac: identity.mac,
    type,
    name: hostname,
    ports: portPlan.length,
    wanPorts: hardware.wanPorts,
    remote: isRemoteEnd(hardware.link?.role, identity.mac, peers.links),
  });
  /** What the other devices' troubleshooting tools reach of it (sim/troubleshoot.ts). */
  const member: NetworkMember = {
    mac: identity.mac,
    hostname,
    type,
    ports: portPlan.length,
    portMbps: (port) => portPlan.find((candidate) => String(candidate.port) === port)?.speedMbps ?? 0,
    radios: () => radios,
    radioLinkMbps: isRemoteEnd(hardware.link?.role, identity.mac, peers.links)
      ? (hardware.link?.capacityMbps ?? null)
      : null,
  };
  joinNetwork(place, member);
  /** A recorder's cameras and the ones on its network (sim/cameras.ts). */
  const recorder = createRecorderCameras(type === 'smartnvr' ? 8 : 0);
  const { cameras } = recorder;
  /** A recorder's share of its disk in use, and the WAN uplink that carried a gateway's traffic last. */
  let storageUsed = 0.7 + random.next() * 0.2;
  /** The camera whose recordings a media sync failure is about, while it holds. */
  let syncCamera: { id: string; name: string } | undefined;
  let carryingWan: string | null = null;
  /** Each radio link with the link both ends' models make, and the signal-to-noise ratio it wanders around. */
  const radioLinks = hardware.link
    ? peers.links.map((peer) => ({
        peer,
        link: commonLink(hardware.link as LinkRadio, modelHardware(peer.productBrandId)?.link),
        snr: random.int(22, 38),
      }))
    : [];
  const managed =
    type === 'gateway'
      ? [1, 2, 3].map((n) => ({ mac: peerMac(identity.mac, 100 + n), name: `Branch device ${n}` }))
      : [];

  /** Whether the condition holds this heartbeat; it may start (at its rate) and lasts min to max heartbeats. */
  function condition(
    name: string,
    rate: RateName,
    min: number,
    max: number,
  ): { holds: boolean; began: boolean } {
    const left = holding.get(name) ?? 0;
    if (left > 0) {
      holding.set(name, left - 1);
      return { holds: left > 1, began: false };
    }
    if (!random.chance(rates[rate])) return { holds: false, began: false };
    holding.set(name, random.int(min, max));
    return { holds: true, began: true };
  }

  /** A switch that keeps files (docs/constants.md): its boot log, its configuration, and a log of what happened. */
  const bootedAt = new Date().toISOString();
  const log: string[] = [`${bootedAt} mgmtd ${mgmtdVersion} started`];
  let configSavedAt = bootedAt;
  const fileContents = (): Record<string, { modifiedAt: string; text: string }> => ({
    'boot.log': { modifiedAt: bootedAt, text: `${bootedAt} ${identity.sn} booted firmware ${fw}\n` },
    'running-config.cfg': {
      modifiedAt: configSavedAt,
      text: `${JSON.stringify(running.document, null, 2)}\n`,
    },
    'messages.log': { modifiedAt: log.at(-1)?.slice(0, 24) ?? bootedAt, text: `${log.join('\n')}\n` },
  });
  const hasFiles = keepsFiles(type, mgmtdVersion);

  const wander = (value: number, step: number, low: number, high: number) =>
    Math.max(low, Math.min(high, value + random.int(-step, step)));
  let cpu = random.int(5, 40);
  let mem = random.int(25, 60);
  let temp = random.int(38, 60);

  /** The radios take the channel, width and Tx power a document sets them (`auto` leaves them be). */
  function tuneRadios(document: Document) {
    const section =
      configType === 'wifi5' || configType === 'wifi6' ? document[SECTION_OF[configType]] : null;
    const settings = (section as { radios?: Record<string, unknown>[] } | null)?.radios ?? [];
    for (const setting of settings) {
      const radio = radios.find((candidate) => candidate.band === setting.band);
      if (!radio) continue;
      if (typeof setting.channel === 'number') radio.channel = setting.channel;
      if (typeof setting.width_mhz === 'number') radio.widthMhz = setting.width_mhz as Radio['widthMhz'];
      if (typeof setting.tx_power_dbm === 'number') radio.txPowerDbm = setting.tx_power_dbm;
    }
  }

  /** Someone changes the running document on the device: its files are out of sync until the next apply. */
  function changeLocally() {
    const change = localChange(running.document, random);
    if (!change) return;
    running = {
      ...running,
      document: change.document,
      unsyncedFiles: [...new Set([...running.unsyncedFiles, change.file])].sort(),
    };
    tuneRadios(change.document);
    configSavedAt = new Date().toISOString();
  }

  function step(intervalS: number): Step {
    const at = new Date().toISOString();
    if (Date.now() < downUntil) return { events: [], heartbeat: null };
    const events: AgentEvent[] = queued.splice(0);
    if (silentFor > 0) {
      silentFor -= 1;
      return { events, heartbeat: null };
    }
    if (random.chance(rates.unreachable)) {
      silentFor = random.int(4, 8);
      return { events, heartbeat: null };
    }
    uptimeS += intervalS;
    if (random.chance(rates.reboot)) {
      rebooted = random.pick(['power', 'watchdog', 'crash'] as const);
      uptimeS = random.int(20, 50);
      wanCounters.restart();
    }
    if (rebooted) {
      events.push({ type: 'reboot', at, data: { reason: rebooted, uptimeS } });
      rebooted = null;
    }
    cpu = wander(cpu, 6, 2, 97);
    mem = wander(mem, 3, 15, 92);
    temp = wander(temp, 2, 30, 80);

    const time = condition('time', 'timeUnsync', 3, 15);
    const config = condition('config', 'configFail', 2, 10);
    if (config.began) events.push({ type: 'config_failed', at, data: { error: 'vlan 4095 is reserved' } });
    if (random.chance(rates.uciDrift)) changeLocally();
    const configError = config.holds ? 'vlan 4095 is reserved' : running.error;
    const action = condition('action', 'actionRequired', 10, 40);
    if (action.began)
      events.push({ type: 'action_required', at, data: { reason: 'replace the power supply' } });

    const heartbeat: HeartbeatRequest = {
      seq: 0,
      uptimeS,
      fw,
      mgmtdVersion,
      hostname,
      system: { cpuPct: cpu, memPct: mem, tempC: temp },
      timeSync: time.holds
        ? { synced: false, offsetMs: random.int(5_000, 900_000) }
        : { synced: true, offsetMs: random.int(0, 20) },
      config: {
        applied: configError === null,
        ...(configError === null ? {} : { error: configError.slice(0, 200) }),
        ...(running.hash === null ? {} : { appliedHash: running.hash }),
        unsyncedFiles: [...running.unsyncedFiles],
      },
      actionRequired: action.holds ? 'replace the power supply' : null,
    };

    if (radios.length > 0) {
      for (const radio of radios) {
        radio.utilPct = wander(radio.utilPct, 5, 1, 95);
        if (radio.band !== '60' && random.chance(rates.channelChange)) {
          const choices = channelChoices(radio.band).filter(
            (channel) => channel !== radio.channel && (radio.band !== '5' || channel < 65 || channel > 148),
          );
          const to = random.pick(choices);
          events.push({
            type: 'channel_changed',
            at,
            data: {
              band: radio.band,
              from: radio.channel,
              to,
              reason: radio.band === '5' ? 'radar' : 'interference',
            },
          });
          radio.channel = to;
        }
      }
      // A busier channel means more frames sent again (docs/telemetry.md#what-each-family-adds).
      heartbeat.radios = radios.map((radio) => ({
        ...radio,
        retryPct: Math.round((2 + radio.utilPct / 6 + random.next() * 3) * 10) / 10,
      }));
    }
    if (isAp) {
      if (random.chance(rates.clientJoin)) joinClient(place, identity.mac, random, clientBands);
      if (random.chance(rates.clientRoam)) roamClient(place, identity.mac, random);
      if (random.chance(rates.clientLeave)) leaveClient(place, identity.mac, random);
      heartbeat.clients = clientsOf(place, identity.mac, random);
    }
    if (portPlan.length > 0) {
      linkCabledPorts(portPlan, cabledPorts(place, identity.mac));
      const over = poeBudgetW > 0 && condition('power', 'powerOver', 2, 8).holds;
      const { ports, drawW } = portReadings(portPlan, poeBudgetW, over, random);
      heartbeat.ports = ports;
      if (poeBudgetW > 0) {
        heartbeat.system.powerW = drawW;
        heartbeat.system.powerBudgetW = poeBudgetW;
      } else heartbeat.system.powerW = random.int(12, 40);
    } else {
      heartbeat.system.powerW = random.int(6, 25);
    }
    if (hardware.link) {
      heartbeat.links = radioLinks.map((radioLink, n) => {
        const mac = radioLink.peer.mac;
        const band = radioLink.link.band;
        const drop =
          band === '60' ? condition(`link-${n}`, 'linkDrop', 1, 4) : { holds: false, began: false };
        if (drop.began) events.push({ type: 'link_60g_down', at, data: { peerMac: mac } });
        radioLink.snr = wander(radioLink.snr, 2, 12, 40);
        if (drop.holds) return { peerMac: mac, band, up: false };
        const reading = linkReading(radioLink.link, radioLink.snr, random);
        // The far end hears this end about as well as this end hears it (docs/telemetry.md#what-each-family-adds).
        const remoteRssi = Math.min(0, Math.max(-120, (reading.rssi ?? -70) + random.int(-2, 2)));
        const remoteSnr = Math.round(((reading.snr ?? 20) + (random.next() - 0.5) * 3) * 10) / 10;
        return { peerMac: mac, band, up: true, ...reading, remoteRssi, remoteSnr };
      });
    }
    if (type === 'mesh') {
      const backhaul = hardware.link ?? WIFI_MESH_BACKHAUL;
      heartbeat.meshPeers = peers.mesh.map((peer) => {
        const reading = linkReading(backhaul, random.int(18, 34), random);
        return {
          mac: peer.mac,
          rssi: reading.rssi as number,
          snr: reading.snr as number,
          capacityMbps: reading.capacityMbps as number,
          hops: peer.hops,
        };
      });
    }
    if (type === 'gateway') {
      // One uplink per WAN port (the first ports) and the modem of a cellular gateway.
      const wanNames = [
        ...Array.from({ length: hardware.wanPorts }, (_, n) => `wan${n + 1}`),
        ...(hardware.cellular ? [hardware.cellular === '5G' ? '5g' : 'lte'] : []),
      ];
      // The first uplink that is up carries the traffic; the others only their keepalives. When the first
      // fails the gateway fails over to the next, and back when it returns (docs/telemetry.md#gateways).
      const primaryDown = wanNames.length > 1 && condition('wan-primary', 'wanDown', 5, 20).holds;
      const ups = wanNames.map(
        (name, n) => (name.startsWith('wan') ? (portPlan[n]?.up ?? true) : true) && !(n === 0 && primaryDown),
      );
      const active = ups.indexOf(true);
      heartbeat.wan = wanNames.map((name, n) => {
        const up = ups[n] === true;
        const carries = n === active;
        return {
          name,
          up,
          ...(up ? { ip: `${n === 0 ? '203.0.113' : '198.51.100'}.${10 + n}` } : {}),
          ...(up ? { latencyMs: random.int(n === 0 ? 4 : 20, n === 0 ? 30 : 60), lossPct: 0 } : {}),
          ...wanCounters.read(
            name,
            !up ? 0 : carries ? random.int(1e6, 1e9) : random.int(1e4, 1e5),
            !up ? 0 : carries ? random.int(1e6, 5e8) : random.int(1e4, 1e5),
          ),
        };
      });
      const carrying = activeWan(heartbeat);
      if (carryingWan !== null && carrying !== null && carrying !== carryingWan)
        events.push({ type: 'wan_failover', at, data: { from: carryingWan, to: carrying } });
      carryingWan = carrying;
      heartbeat.managedDevices = managed.map((device, n) => {
        const down = condition(`managed-${n}`, 'managedUnreachable', 2, 10);
        if (down.began) events.push({ type: 'managed_device_unreachable', at, data: device });
        return { ...device, reachable: !down.holds };
      });
    }
    if (cameras.length > 0) {
      heartbeat.cameras = cameras.map((camera) => {
        const failed = condition(camera.id, 'streamFail', 2, 10);
        if (failed.began)
          events.push({
            type: 'stream_failed',
            at,
            data: { cameraId: camera.id, cameraName: camera.name, error: 'RTSP timeout' },
          });
        return recorder.report(camera, failed.holds, random.int(1500, 6000), intervalS);
      });
      // A sync failure is one camera's: its recordings stop reaching storage (docs/cameras.md#alerts).
      const sync = condition('media-sync', 'mediaSyncFail', 3, 12);
      if (sync.began) {
        syncCamera = random.pick(cameras);
        events.push({
          type: 'media_sync_failed',
          at,
          data: { error: SYNC_ERROR, cameraId: syncCamera.id, cameraName: syncCamera.name },
        });
      }
      heartbeat.mediaSync = sync.holds
        ? { ok: false, lagS: random.int(600, 7200), error: SYNC_ERROR, cameraId: syncCamera?.id }
        : { ok: true, lagS: random.int(0, 30) };
      // Recordings fill the disk until the oldest are overwritten: it stays between 70 and 95 % full.
      storageUsed = Math.min(0.95, storageUsed + random.next() * 0.0005);
      if (storageUsed >= 0.95) storageUsed = 0.7 + random.next() * 0.05;
      heartbeat.storage = {
        usedBytes: Math.round(storageUsed * RECORDER_STORAGE_BYTES),
        totalBytes: RECORDER_STORAGE_BYTES,
      };
    }
    const neighbours = lldpOf(place, identity.mac);
    if (neighbours.length > 0) heartbeat.lldp = neighbours;
    if (hasFiles) {
      for (const event of events) log.push(`${event.at} ${event.type} ${JSON.stringify(event.data)}`);
      log.splice(0, log.length - 500);
      heartbeat.files = Object.entries(fileContents()).map(([name, file]) => ({
        name,
        size: Buffer.byteLength(file.text),
        modifiedAt: file.modifiedAt,
      }));
    }
    return { events, heartbeat };
  }

  return {
    identity,
    get fw() {
      return fw;
    },
    /** The name it reports, and how long it has run since its last start (its own web page shows both). */
    hostname,
    get uptimeS() {
      return uptimeS;
    },
    mgmtdVersion,
    step,
    random,
    rates,
    cameras,
    /** A recorder's cameras: what its scan finds and the changes its camera tasks make. */
    recorder,
    /** Runs a troubleshooting tool from the device (sim/troubleshoot.ts). */
    runTool: (params: TroubleshootParams) => runTool(place, member, random, params),
    configType,
    /** The document it runs now. */
    get config(): Document {
      return running.document;
    },
    /** What its flash keeps of its configuration (the simulator's state file saves it). */
    get runningConfig(): RunningConfig {
      return running;
    },
    /** The configuration its flash kept from an earlier run. */
    restoreConfig(saved: RunningConfig) {
      running = saved;
      tuneRadios(saved.document);
    },
    /** Restarts for downMs: silent meanwhile, then uptime from 0 and a reboot event with the reason. */
    restart(reason: 'user' | 'firmware', downMs: number) {
      rebooted = reason;
      uptimeS = 0;
      wanCounters.restart();
      downUntil = Date.now() + downMs;
    },
    /** Runs this firmware from now on; the console hears of it with the next heartbeat. */
    runFirmware(next: string) {
      if (next !== fw)
        queued.push({ type: 'firmware_changed', at: new Date().toISOString(), data: { from: fw, to: next } });
      fw = next;
    },
    /** A firmware that failed to boot: the device is back on the one it ran. */
    revertFirmware(failed: string) {
      queued.push({ type: 'bootbank_revert', at: new Date().toISOString(), data: { failed, running: fw } });
    },
    /** Why its firmware refuses this document, or null when it takes it. */
    checkConfig(document: unknown): string | null {
      return refusal(configType, document);
    },
    /** Runs this document from now on, as the console sent it: changes made on the device are gone. */
    applyConfig(document: Document, hash: string | null) {
      running = { document, hash, unsyncedFiles: [], error: null };
      tuneRadios(document);
      configSavedAt = new Date().toISOString();
    },
    /** A document from the console failed: it runs the one it ran, and its heartbeats say why. */
    failConfig(error: string) {
      running = { ...running, error };
    },
    /** Someone changes its configuration on the device itself. */
    changeConfigLocally: changeLocally,
    /** The text of one of the files it keeps, or null: none by that name, or it keeps no files. */
    readFile(name: string): string | null {
      return hasFiles ? (fileContents()[name]?.text ?? null) : null;
    },
  };
}

export type SimulatedDevice = ReturnType<typeof createDevice>;
