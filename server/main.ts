import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { accessJobs } from './auth/jobs.ts';
import { startJobRunner } from './background/runner.ts';
import { ConfigError, readConfig } from './config.ts';
import { createContext } from './context.ts';
import { openDatabase } from './db/connect.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { isDatabaseEmpty, seedDemo } from './db/seed/demo.ts';
import { demoDeviceFlash } from './db/seed/demo-config.ts';
import { localUrl, startDemoSimulator } from './demo-simulator.ts';
import { dashboardJobs } from './features/dashboards/device-counts.ts';
import { guestCertificateJobs } from './features/guest-certificate/expiry.ts';
import { reportJobs } from './features/reports/generate.ts';
import { webhookJobs } from './features/webhooks/deliver.ts';
import { fleetJobs } from './fleet/jobs.ts';
import { startRadiusService } from './guest-access/service.ts';
import { APP_VERSION } from './version.ts';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = readConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  const context = createContext(database, config, APP_VERSION);
  const app = await buildApp(context, { logger: { level: config.logLevel } });

  if (config.demo && (await isDatabaseEmpty(database.db))) {
    app.log.info('empty database: seeding the demo data');
    await seedDemo(database.db, context.secrets);
  }

  const jobs = await startJobRunner(
    database,
    [
      // A mass outage is swept on two connections on PostgreSQL (server/fleet/sweep.ts).
      ...fleetJobs(database.db, app.fleet, config.heartbeatIntervalS, {
        sweepConcurrency: database.kind === 'postgres' ? 2 : 1,
      }),
      ...accessJobs(database.db),
      ...dashboardJobs(database.db),
      ...guestCertificateJobs(database.db, app.fleet),
      ...reportJobs({
        db: database.db,
        sendMail: context.sendMail,
        publicUrl: config.publicUrl,
        productName: config.theme.product_name,
        logoUrl: config.theme.logo_url,
        webRoot: config.webDistDir,
        log: app.log,
      }),
      ...webhookJobs({
        db: database.db,
        secrets: context.secrets,
        sendMail: context.sendMail,
        allowPrivate: config.webhookAllowPrivate,
        productName: config.theme.product_name,
        publicUrl: config.publicUrl,
      }),
    ],
    app.log,
    app.metrics.jobStarted,
  );
  // Guest access (docs/guest-access.md#radius): a port it cannot bind is logged and left off.
  const radius = await startRadiusService(
    { db: database.db, secrets: context.secrets, log: app.log },
    {
      host: config.host,
      authPort: config.radiusAuthPort || null,
      acctPort: config.radiusAcctPort || null,
    },
    config.radiusAuthPort || config.radiusAcctPort ? app.metrics.radiusRequests() : undefined,
  );

  let stopping = false;
  let simulator: { stop: () => Promise<void> } | null = null;
  const stop = async (signal: string) => {
    if (stopping) {
      app.log.warn(`${signal} again: exiting at once`);
      process.exit(1);
    }
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    await simulator?.stop();
    await radius.close();
    await jobs.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  const stopOn = (signal: string) =>
    stop(signal).catch((error: unknown) => {
      app.log.error({ err: error }, 'shutting down failed');
      process.exit(1);
    });
  process.on('SIGINT', () => void stopOn('SIGINT'));
  process.on('SIGTERM', () => void stopOn('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { startupMs: Math.round(performance.now() - startedAt), database: database.kind },
    `console ready at ${address}`,
  );
  if (config.demo && config.simulator) {
    simulator = await startDemoSimulator(
      localUrl(app.server.address() as AddressInfo),
      config.dataDir,
      () => demoDeviceFlash(database.db, context.secrets),
      (code) => {
        if (!stopping) app.log.warn({ code }, 'the demo fleet simulator stopped');
      },
      radius,
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('The console could not start:', error);
  }
  process.exit(1);
});
