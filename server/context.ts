import { mkdirSync } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import type { Database, DatabaseHandle } from './db/connect.ts';
import { configSecretKey, type SecretBox, secretBox } from './features/config/seal.ts';
import { mailSender, type SendMail } from './mail/send-mail.ts';

/** What feature routes get from the app: the database, the configuration and the version. */
export type AppContext = {
  db: Database;
  database: DatabaseHandle;
  config: Config;
  appVersion: string;
  /** Whether cookies set on this request's response must be Secure. */
  secureCookies: (request: FastifyRequest) => boolean;
  sendMail: SendMail;
  /** Seals and opens configuration secrets (docs/configuration.md#secrets). */
  secrets: SecretBox;
};

export function createContext(database: DatabaseHandle, config: Config, appVersion: string): AppContext {
  if (config.configSecretKey === null) mkdirSync(config.dataDir, { recursive: true });
  return {
    db: database.db,
    secrets: secretBox(configSecretKey(config.configSecretKey, config.dataDir)),
    database,
    config,
    appVersion,
    sendMail: mailSender(config),
    secureCookies: (request) =>
      config.cookieSecure === 'auto' ? request.protocol === 'https' : config.cookieSecure,
  };
}
