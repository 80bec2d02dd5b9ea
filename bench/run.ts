// Runs the benchmarks named on the command line, or all of them.
import { runApiLoad } from './api-load.ts';
import { runApiTokens } from './api-tokens.ts';
import { runClientSamples } from './client-samples.ts';
import { runConfig, runConfigPage } from './config.ts';
import { runConsoleMetrics } from './console-metrics.ts';
import { runDeviceBulk } from './device-bulk.ts';
import { runDeviceStatistics } from './device-statistics.ts';
import { runEntryParts } from './entry-parts.ts';
import { runIngest } from './ingest.ts';
import { runLiveEvents } from './live-events.ts';
import { runMetrics } from './metrics.ts';
import { runNetworkView } from './network-view.ts';
import { runPageLoad } from './page-load.ts';
import { runRadius } from './radius.ts';
import { runReports } from './reports.ts';
import { runSeedLarge } from './seed-large.ts';
import { runStartup } from './startup.ts';
import { runStreams } from './streams.ts';
import { runTasks } from './tasks.ts';
import { runTunnel } from './tunnel.ts';
import { runVouchers } from './vouchers.ts';
import { runWebhooks } from './webhooks.ts';

const benchmarks: Record<string, () => Promise<void>> = {
  startup: runStartup,
  'seed-large': runSeedLarge,
  'api-load': runApiLoad,
  'api-tokens': runApiTokens,
  ingest: runIngest,
  metrics: runMetrics,
  'device-statistics': runDeviceStatistics,
  tasks: runTasks,
  'live-events': runLiveEvents,
  'page-load': runPageLoad,
  'entry-parts': runEntryParts,
  'client-samples': runClientSamples,
  'device-bulk': runDeviceBulk,
  config: runConfig,
  'config-page': runConfigPage,
  'network-view': runNetworkView,
  streams: runStreams,
  tunnel: runTunnel,
  radius: runRadius,
  vouchers: runVouchers,
  reports: runReports,
  'console-metrics': runConsoleMetrics,
  webhooks: runWebhooks,
};
const names = process.argv.slice(2);
for (const name of names.length > 0 ? names : Object.keys(benchmarks)) {
  const run = benchmarks[name];
  if (!run) {
    console.error(`Unknown benchmark "${name}". Known: ${Object.keys(benchmarks).join(', ')}.`);
    process.exit(1);
  }
  console.log(`## ${name}`);
  await run();
}
