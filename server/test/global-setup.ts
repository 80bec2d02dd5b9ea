import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/connect.ts';

declare module 'vitest' {
  interface ProvidedContext {
    pgliteTemplatePath: string;
  }
}

/**
 * Creates one migrated in-memory database and dumps it, so each test file starts its own copy without
 * running initdb and the migrations again. The dump is removed when the run ends.
 */
export default async function setup(project: TestProject) {
  const database = await openDatabase({ kind: 'memory' });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  const path = join(tmpdir(), `console-test-template-${process.pid}.tar`);
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplatePath', path);
  return () => rmSync(path, { force: true });
}
