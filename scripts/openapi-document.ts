// The console's OpenAPI document, built from the app on a throwaway in-memory database without listening
// (docs/api.md#the-openapi-document): for the lint and for the simulator's generated types.
import { buildApp } from '../server/app.ts';
import { readConfig } from '../server/config.ts';
import { createContext } from '../server/context.ts';
import { openDatabase } from '../server/db/connect.ts';

/**
 * The document as GET /apiv2/openapi.json serves it, for a console configured with nothing but a key (so
 * it is the same on every machine): its server is the default PUBLIC_URL.
 */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const database = await openDatabase({ kind: 'memory' });
  try {
    const config = readConfig({ DEMO: '0', CONFIG_SECRET_KEY: Buffer.alloc(32).toString('base64') });
    const app = await buildApp(createContext(database, config, process.env.npm_package_version ?? '0.0.0'));
    try {
      await app.ready();
      return app.swagger() as unknown as Record<string, unknown>;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}
