import { resolve } from 'node:path';
import { DEFAULT_THEME, loadTheme, type Theme } from './theme.ts';
import { webDistDir } from './web-dist-dir.ts';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  demo: boolean;
  logLevel: string;
  /** Marks cookies Secure; on by default behind https (TRUST_PROXY with X-Forwarded-Proto). */
  cookieSecure: boolean | 'auto';
  trustProxy: boolean;
  theme: Theme;
  errorReportUrl: string | null;
  errorReportKey: string | null;
  /** Folder of the built web app the server serves. */
  webDistDir: string;
};

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(
      `The console cannot start because its configuration is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads and validates the configuration from environment variables; every problem is reported at once. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const flag = (name: string, fallback: boolean): boolean => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    if (['1', 'true', 'yes'].includes(value)) return true;
    if (['0', 'false', 'no'].includes(value)) return false;
    problems.push(`${name} must be 1 or 0 (got "${value}").`);
    return fallback;
  };

  const port = Number(env.PORT ?? '8080');
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    problems.push(`PORT must be a whole number from 0 to 65535 (got "${env.PORT}").`);
  }
  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// connection string.');
  }
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}.`);
  const errorReportUrl = env.ERROR_REPORT_URL || null;
  if (errorReportUrl && !URL.canParse(errorReportUrl))
    problems.push('ERROR_REPORT_URL must be an absolute URL.');
  const cookieSecureRaw = env.COOKIE_SECURE;
  const cookieSecure =
    cookieSecureRaw === undefined || cookieSecureRaw === 'auto' ? 'auto' : flag('COOKIE_SECURE', false);

  let theme = DEFAULT_THEME;
  if (env.THEME_FILE) {
    try {
      theme = loadTheme(env.THEME_FILE);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }

  const config: Config = {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR || 'data'),
    databaseUrl,
    demo: flag('DEMO', true),
    logLevel,
    cookieSecure,
    trustProxy: flag('TRUST_PROXY', false),
    theme,
    errorReportUrl,
    errorReportKey: env.ERROR_REPORT_KEY || null,
    webDistDir: resolve(webDistDir(env)),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
