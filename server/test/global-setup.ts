import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/connect.ts';

declare module 'vitest' {
  interface ProvidedContext {
    pgliteTemplatePath: string;
    /** A migrated database on the PostgreSQL server of TEST_DATABASE_URL, copied for each test file. */
    postgresTemplate: string | null;
  }
}

/**
 * Creates one migrated in-memory database and dumps it, and, given a PostgreSQL server, one migrated
 * database there, so each test file starts its own copy without running initdb and the migrations again.
 * Both are removed when the run ends.
 */
export default async function setup(project: TestProject) {
  const database = await openDatabase({ kind: 'memory' });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  const path = join(tmpdir(), `console-test-template-${process.pid}.tar`);
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplatePath', path);
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = serverUrl ? await migratedTemplate(serverUrl) : null;
  project.provide('postgresTemplate', template);
  return async () => {
    rmSync(path, { force: true });
    if (serverUrl && template) await onServer(serverUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  };
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A new database on the server, migrated and closed, so CREATE DATABASE ... TEMPLATE can copy it. */
async function migratedTemplate(serverUrl: string): Promise<string> {
  const name = `console_test_template_${process.pid}_${Date.now()}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const migrated = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
  await migrated.close();
  return name;
}
