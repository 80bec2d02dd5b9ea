// What a simulated device does with a task the console gives it (docs/agent-protocol.md, Tasks): the
// reports it sends and what changes on the device. Each type behaves as the firmware would: a reboot
// restarts it, a firmware update downloads, restarts and comes back on the new version (or, now and then,
// on the old one), a configuration change is checked and applied whole (or refused, or reverted when the
// console is out of reach after it), a capture leaves a file, a recorder's scan lists the cameras it may add
// and its camera tasks change its cameras.
import type { Command, TaskReport, TaskResult } from '../core/fleet/protocol.ts';
import type { TroubleshootParams } from '../core/fleet/troubleshoot.ts';
import type { TunnelOpenParams } from '../core/fleet/tunnel-protocol.ts';
import type { SimCamera } from './cameras.ts';
import { configHash, type Document } from './config.ts';
import type { SimulatedDevice } from './device.ts';

/** Sends one report; answers the task's state on the console. */
export type Reporter = (report: TaskReport) => Promise<string>;

export type TaskTiming = {
  /** Multiplies every delay (1: as long as a device takes; tests use a small factor). */
  speed: number;
  sleep: (ms: number) => Promise<void>;
};

/** What a task that reaches back to the console needs: opening a tunnel (sim/tunnel.ts). */
export type ConsoleLink = {
  /** Null once the console took the tunnel, or why it could not be opened. */
  openTunnel: (params: TunnelOpenParams) => Promise<string | null>;
};

const STOPPED = new Set(['TASK_CANCELED', 'TASK_TIMEOUT']);
const RESTART_MS = 20_000;
/** How long a device waits to hear from the console after applying a configuration before it reverts. */
const LOST_CONTACT_MS = 30_000;
const LOST_CONTACT = 'Lost contact with the console after applying; reverted to the previous configuration';

/** A little libpcap file: its global header and a few UDP packets from the device. */
function capture(device: SimulatedDevice, packets: number): Buffer {
  const header = Buffer.alloc(24);
  header.writeUInt32LE(0xa1b2c3d4, 0);
  header.writeUInt16LE(2, 4);
  header.writeUInt16LE(4, 6);
  header.writeUInt32LE(65_535, 16);
  header.writeUInt32LE(1, 20);
  const mac = Buffer.from(device.identity.mac.split(':').map((part) => Number.parseInt(part, 16)));
  const records = Array.from({ length: Math.min(packets, 20) }, (_, n) => {
    const frame = Buffer.alloc(60);
    Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff]).copy(frame, 0);
    mac.copy(frame, 6);
    frame.writeUInt16BE(0x0800, 12);
    const record = Buffer.alloc(16);
    record.writeUInt32LE(Math.floor(Date.now() / 1000), 0);
    record.writeUInt32LE(n * 1000, 4);
    record.writeUInt32LE(frame.length, 8);
    record.writeUInt32LE(frame.length, 12);
    return Buffer.concat([record, frame]);
  });
  return Buffer.concat([header, ...records]);
}

const file = (name: string, contentType: string, content: Buffer): TaskResult['file'] => ({
  name,
  contentType,
  base64: content.toString('base64'),
});

/** Carries out one of a recorder's camera tasks (docs/cameras.md); the error when it cannot. */
function changeCamera(device: SimulatedDevice, type: string, params: Record<string, unknown>): string | null {
  const { recorder } = device;
  switch (type) {
    case 'TASK_CAMERA_ADOPT':
      return recorder.adopt(params.ip, params.name);
    case 'TASK_CAMERA_REMOVE':
      return recorder.remove(params.cameraId);
    case 'TASK_CAMERA_RENAME':
      return recorder.change(params.cameraId, (camera) => {
        camera.name = String(params.name);
      });
    case 'TASK_CAMERA_RECORDING':
      return recorder.change(params.cameraId, (camera) => {
        camera.recording = params.enabled === true;
      });
    default:
      return recorder.change(params.cameraId, (camera) => {
        camera.profile = params.profile as SimCamera['profile'];
        camera.retentionDays = Number(params.retentionDays);
      });
  }
}

/** Runs one command to its end, unless the console says it was canceled or timed out meanwhile. */
export async function runCommand(
  device: SimulatedDevice,
  command: Command,
  report: Reporter,
  timing: TaskTiming,
  link?: ConsoleLink,
): Promise<void> {
  const wait = (ms: number) => timing.sleep(ms * timing.speed);
  const { params } = command;
  /** Reports progress; false when the device must stop. */
  const progress = async (percent: number) =>
    !STOPPED.has(await report({ state: 'running', progress: percent }));
  if (!(await progress(0))) return;
  const mac = device.identity.mac.replaceAll(':', '');
  switch (command.type) {
    case 'TASK_REBOOT':
    case 'TASK_FACTORY_RESET':
      await report({ state: 'success' });
      device.restart('user', RESTART_MS * timing.speed);
      return;
    case 'TASK_FW_UPDATE':
    case 'TASK_FW_AUTO_UPDATE':
    case 'TASK_FW_ROLLING_UPDATE': {
      const version = String(params.version);
      for (const percent of [20, 50, 80]) {
        await wait(2000);
        if (!(await progress(percent))) return;
      }
      // It restarts on the new firmware, or, when that fails to boot, back on the one it ran.
      const boots = !device.random.chance(device.rates.fwBootFail);
      const running = device.fw;
      device.restart('firmware', RESTART_MS * timing.speed);
      if (boots) device.runFirmware(version);
      else device.revertFirmware(version);
      await wait(RESTART_MS);
      await report(
        boots
          ? { state: 'success', result: { fw: version } }
          : {
              state: 'failed',
              error: `Boot of ${version} failed; back on ${running}`,
              result: { fw: running },
            },
      );
      return;
    }
    case 'TASK_CONFIG_CHANGE': {
      await wait(1000);
      // The firmware checks the document against what the hardware takes, and applies it whole or not at all.
      const refused = device.checkConfig(params.config);
      if (refused !== null) {
        const error = `Refused: ${refused}; still running the previous configuration`.slice(0, 200);
        device.failConfig(error);
        await report({ state: 'failed', error });
        return;
      }
      // Applied, then the console out of reach: the device takes the previous configuration back.
      if (device.random.chance(device.rates.configRevert)) {
        await wait(LOST_CONTACT_MS);
        device.failConfig(LOST_CONTACT);
        await report({ state: 'failed', error: LOST_CONTACT });
        return;
      }
      device.applyConfig(params.config as Document, configHash(params.hash));
      await report({ state: 'success', result: { config: device.config } });
      return;
    }
    case 'TASK_RECEIVED_CONFIG':
      await report({ state: 'success', result: { config: device.config } });
      return;
    case 'TASK_NETCAP':
    case 'TASK_PACKET_DUMP': {
      await wait(Math.min(Number(params.durationS ?? 5), 30) * 1000);
      const name = `${command.type === 'TASK_NETCAP' ? 'netcap' : 'packet-dump'}-${mac}.pcap`;
      const packets = Number(params.packets ?? 20);
      await report({
        state: 'success',
        result: { file: file(name, 'application/vnd.tcpdump.pcap', capture(device, packets)) },
      });
      return;
    }
    case 'TASK_REPORT': {
      await wait(3000);
      if (typeof params.file === 'string') {
        const text = device.readFile(params.file);
        await report(
          text === null
            ? { state: 'failed', error: `No such file on the device: ${params.file}` }
            : { state: 'success', result: { file: file(params.file, 'text/plain', Buffer.from(text)) } },
        );
        return;
      }
      const text = [
        `Tech-support report of ${device.identity.sn} (${device.identity.mac})`,
        `Firmware ${device.fw}, management daemon ${device.mgmtdVersion}`,
        `Generated ${new Date().toISOString()}`,
        `Configuration: ${JSON.stringify(device.config)}`,
      ].join('\n');
      await report({
        state: 'success',
        result: { file: file(`report-${mac}.txt`, 'text/plain', Buffer.from(`${text}\n`)) },
      });
      return;
    }
    case 'TASK_TROUBLESHOOT': {
      // Each step is what the tool found so far (docs/tools.md#results-as-they-come), a second apart.
      const run = device.runTool(params as TroubleshootParams);
      if ('error' in run) {
        await wait(1000);
        await report({ state: 'failed', error: run.error });
        return;
      }
      for (const [n, step] of run.steps.entries()) {
        await wait(1000);
        const result = { troubleshoot: step.result, ...(step.lines ? { lines: step.lines } : {}) };
        if (step.done) {
          await report(
            step.done.error === null
              ? { state: 'success', result }
              : { state: 'failed', error: step.done.error, result },
          );
          return;
        }
        const percent = Math.round(((n + 1) * 100) / run.steps.length);
        if (STOPPED.has(await report({ state: 'running', progress: Math.min(percent, 99), result }))) return;
      }
      return;
    }
    case 'TASK_ONVIF_SCAN_AND_COLLECT':
      await wait(5000);
      await report({ state: 'success', result: { cameras: device.recorder.scan() } });
      return;
    case 'TASK_CAMERA_ADOPT':
    case 'TASK_CAMERA_REMOVE':
    case 'TASK_CAMERA_RENAME':
    case 'TASK_CAMERA_RECORDING':
    case 'TASK_CAMERA_PROFILE': {
      await wait(1000);
      const error = changeCamera(device, command.type, params);
      await report(error === null ? { state: 'success' } : { state: 'failed', error });
      return;
    }
    case 'TASK_TUNNEL_OPEN': {
      const error = link
        ? await link.openTunnel(params as TunnelOpenParams)
        : 'No connection to the console to open a tunnel on';
      await report(error === null ? { state: 'success' } : { state: 'failed', error });
      return;
    }
    case 'TASK_MANAGED_DEVICE_FW_UPDATE': {
      const macs = (params.macs as string[] | undefined) ?? [];
      for (const [n] of macs.entries()) {
        await wait(3000);
        if (!(await progress(Math.round(((n + 1) * 100) / (macs.length + 1))))) return;
      }
      await report({ state: 'success' });
      return;
    }
    default:
      // TASK_SDWAN_CERT, TASK_ADDON, TASK_ADDON_SYNC_KEY, TASK_MANAGED_DEVICE_UPDATE
      await wait(2000);
      if (!(await progress(50))) return;
      await wait(2000);
      await report({ state: 'success' });
  }
}
