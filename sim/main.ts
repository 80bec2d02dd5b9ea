// The fleet simulator: virtual devices of every product family that talk to a console over its agent API,
// as real ones do. `npm run sim -- --help` says how to run it.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { planRadioLinks } from '../core/fleet/radio-links.ts';
import { agentClient } from './agent-client.ts';
import { listFleet, readOnboardingKey, registerFleet, signIn } from './console-api.ts';
import { createDevice } from './device.ts';
import { demoGuests, startGuests } from './guests.ts';
import { type DeviceIdentity, generateFleet, listedDevice } from './identity.ts';
import { createPlaces } from './places.ts';
import { DEFAULT_RATES, parseRates } from './rates.ts';
import { runDevice } from './runner.ts';
import { openStateFile } from './state-file.ts';
import { createStats } from './stats.ts';

const HELP = `Usage: npm run sim -- --url URL [options]

  --url URL              the console, e.g. http://localhost:8080 (required)
  --devices N            generate N devices of every family (default 10)
  --onboarding-key KEY   the cloud's onboarding key (its Pending devices page shows it), which the devices
                         present when they call home: those the cloud registered get their credential,
                         the others wait in its pending list. Without a key they wait in no cloud's list
                         until a cloud that registered them approves them
  --email E --password P --cloud ID
                         sign in and register the generated devices into sites of cloud ID first, and
                         read its onboarding key unless --onboarding-key gives one
  --demo                 run every device of the demo accounts' clouds instead, each with its cloud's
                         onboarding key (what npm start does)
  --seed S               the same seed gives the same fleet and behaviour (default 1)
  --rate NAME=P          chance per heartbeat that a behaviour starts; repeatable. Defaults:
${Object.entries(DEFAULT_RATES)
  .map(([name, value]) => `                           ${name}=${value}`)
  .join('\n')}
  --task-speed X         multiply how long tasks take on the devices (default 1; 0.1 is ten times faster)
  --state FILE           keep credentials and sequence numbers in FILE across restarts
  --spread S             spread the first messages over S seconds (default 10)
  --duration S           stop after S seconds
  --heartbeats N         stop once the console took N heartbeats of every device
  --stats-every S        print one line of figures every S seconds
  --json-summary FILE    write the final figures to FILE as JSON
  --radius-auth-port N --radius-acct-port N
                         where the console answers RADIUS; with --demo, the access points of the demo's
                         guest site act as its NAS and guests sign in on them (default RADIUS_AUTH_PORT and
                         RADIUS_ACCT_PORT, else 1812 and 1813; 0 leaves the guests out)
  --guests-per-minute N  about how many guests arrive in a minute (default 3)
`;

const DEMO_ACCOUNTS = ['owner@demo.example', 'trial@demo.example', 'partner@demo.example'];
const DEMO_PASSWORD = 'demo-console';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    devices: { type: 'string', default: '10' },
    email: { type: 'string' },
    password: { type: 'string' },
    cloud: { type: 'string' },
    'onboarding-key': { type: 'string' },
    demo: { type: 'boolean', default: false },
    seed: { type: 'string', default: '1' },
    rate: { type: 'string', multiple: true, default: [] },
    state: { type: 'string' },
    spread: { type: 'string', default: '10' },
    'task-speed': { type: 'string', default: '1' },
    duration: { type: 'string' },
    heartbeats: { type: 'string' },
    'stats-every': { type: 'string' },
    'json-summary': { type: 'string' },
    'radius-auth-port': { type: 'string', default: process.env.RADIUS_AUTH_PORT || '1812' },
    'radius-acct-port': { type: 'string', default: process.env.RADIUS_ACCT_PORT || '1813' },
    'guests-per-minute': { type: 'string', default: '3' },
    help: { type: 'boolean', default: false },
  },
});

async function fleetToRun(url: string, seed: number): Promise<DeviceIdentity[]> {
  if (values.demo) {
    const found = new Map<string, DeviceIdentity>();
    for (const email of DEMO_ACCOUNTS) {
      try {
        const session = await signIn(url, email, DEMO_PASSWORD);
        for (const listed of await listFleet(session)) {
          const identity = listedDevice(listed);
          if (identity) found.set(identity.mac, identity);
        }
      } catch {
        // An account the console does not have (the demo data is not there).
      }
    }
    return [...found.values()];
  }
  const fleet = generateFleet(seed, Number(values.devices));
  let onboardingKey = values['onboarding-key'];
  if (values.email && values.password && values.cloud) {
    const session = await signIn(url, values.email, values.password);
    await registerFleet(session, Number(values.cloud), fleet);
    onboardingKey ??= await readOnboardingKey(session, Number(values.cloud));
  }
  return onboardingKey ? fleet.map((identity) => ({ ...identity, onboardingKey })) : fleet;
}

/** The demo's guests on the access points of its guest site (sim/guests.ts); null when they stay out. */
async function runDemoGuests(url: string, seed: number, signal: AbortSignal) {
  const log = (message: string) => console.log(message);
  try {
    const site = await demoGuests(await signIn(url, DEMO_ACCOUNTS[0] as string, DEMO_PASSWORD));
    if (!site) return null;
    return await startGuests({
      ...site,
      url,
      radiusHost: new URL(url).hostname.replace(/^\[|\]$/g, ''),
      authPort: Number(values['radius-auth-port']),
      acctPort: Number(values['radius-acct-port']),
      seed,
      arrivalsPerMinute: Number(values['guests-per-minute']),
      log,
      signal,
    });
  } catch (error) {
    log(
      `Guests: the demo's guest site could not be read (${error instanceof Error ? error.message : error}).`,
    );
    return null;
  }
}

async function main() {
  if (values.help || !values.url) {
    console.log(HELP);
    process.exit(values.help ? 0 : 1);
  }
  const url = values.url.replace(/\/$/, '');
  const seed = Number(values.seed);
  const rates = parseRates(values.rate);
  const state = openStateFile(values.state ?? null);
  const stats = createStats();
  const stop = new AbortController();
  const fleet = await fleetToRun(url, seed);
  const place = createPlaces();
  // Radios of one place link to each other: both ends of every link are devices of the fleet.
  const peers = planRadioLinks(fleet);
  const devices = fleet.map((identity) =>
    createDevice(identity, seed, rates, place(identity.place), peers.get(identity.mac)),
  );
  console.log(`Fleet simulator: ${devices.length} devices reporting to ${url}`);

  const saver = setInterval(state.save, 5000);
  const printer = values['stats-every']
    ? setInterval(() => console.log(stats.line(devices.length)), Number(values['stats-every']) * 1000)
    : null;
  const finish = () => stop.abort();
  process.once('SIGINT', finish);
  process.once('SIGTERM', finish);
  const deadline = values.duration ? setTimeout(finish, Number(values.duration) * 1000) : null;

  const guests = values.demo ? await runDemoGuests(url, seed, stop.signal) : null;

  const refusals = new Set<string>();
  // The demo blocks and decommissions some devices on purpose: their refusals are no news.
  const log = (message: string) => {
    if (refusals.size < 5 && !values.demo) console.error(message);
    refusals.add(message);
  };
  const options = {
    client: agentClient(url),
    state,
    stats,
    spreadS: Number(values.spread),
    taskSpeed: Number(values['task-speed']),
    intervalS: 60,
    log,
    signal: stop.signal,
    heartbeats: values.heartbeats ? Number(values.heartbeats) : undefined,
  };
  await Promise.all(devices.map((device) => runDevice(device, options)));
  // Every device is done: their command channels close too.
  finish();
  if (refusals.size > 5 && !values.demo) console.error(`... and ${refusals.size - 5} more devices refused.`);

  await guests?.stop();
  clearInterval(saver);
  // Stopped before its time (a signal): nothing is left to wait for.
  if (deadline) clearTimeout(deadline);
  if (printer) clearInterval(printer);
  state.save();
  if (values['json-summary']) writeFileSync(values['json-summary'], JSON.stringify(stats.summary()));
}

main().catch((error: unknown) => {
  console.error('The fleet simulator stopped:', error instanceof Error ? error.message : error);
  process.exit(1);
});
