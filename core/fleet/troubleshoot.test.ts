import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { TASK_DEFINITIONS } from '../task-types.ts';
import { needsSupportTools } from './troubleshoot.ts';

// The server's own validator settings for a task's parameters (server/validation.ts bodyIssues).
const validate = addFormats
  .default(new Ajv({ useDefaults: true, allErrors: true, coerceTypes: false }))
  .compile(TASK_DEFINITIONS.TASK_TROUBLESHOOT.params);

const check = (params: Record<string, unknown>) => {
  const value = { ...params };
  const ok = validate(value);
  return { ok, value, paths: (validate.errors ?? []).map((error) => error.instancePath || '/') };
};

describe("TASK_TROUBLESHOOT's parameters, by tool (docs/tools.md#the-tools)", () => {
  it.each([
    [{ tool: 'ping', host: '8.8.8.8' }, { count: 4 }],
    [{ tool: 'traceroute', host: 'example.com' }, { maxHops: 30 }],
    [{ tool: 'dns', name: 'example.com.' }, { recordType: 'A' }],
    [{ tool: 'http', url: 'https://example.com/a?b=c' }, { method: 'GET' }],
    [
      { tool: 'throughput', server: 'ap-lobby' },
      { durationS: 10, direction: 'both' },
    ],
    [{ tool: 'survey' }, { band: 'all' }],
  ])('takes %o and fills in its defaults', (params, defaults) => {
    const { ok, value } = check(params);
    expect(ok).toBe(true);
    expect(value).toEqual({ ...params, ...defaults });
  });

  it.each([
    [{ tool: 'ping', host: 'a b' }, '/host'],
    [{ tool: 'ping', host: '8.8.8.8', count: 21 }, '/count'],
    [{ tool: 'ping', host: '8.8.8.8', maxHops: 3 }, '/'],
    [{ tool: 'traceroute', host: 'example.com', maxHops: 0 }, '/maxHops'],
    [{ tool: 'dns', name: 'exa mple.com' }, '/name'],
    [{ tool: 'dns', name: 'example.com', recordType: 'SRV' }, '/recordType'],
    [{ tool: 'http', url: 'ftp://example.com/' }, '/url'],
    [{ tool: 'http', url: 'https://example.com/', method: 'POST' }, '/method'],
    [{ tool: 'throughput', server: 'ap-lobby', durationS: 61 }, '/durationS'],
    [{ tool: 'throughput', server: 'ap-lobby', direction: 'sideways' }, '/direction'],
    [{ tool: 'throughput' }, '/'],
    [{ tool: 'survey', band: '60' }, '/band'],
    [{ tool: 'whois', host: 'example.com' }, '/tool'],
    [{ host: 'example.com' }, '/'],
  ])('refuses %o at %s', (params, path) => {
    const { ok, paths } = check(params);
    expect(ok).toBe(false);
    expect(paths).toContain(path);
  });

  it('asks for the support tools flag for every tool but ping and traceroute', () => {
    expect(needsSupportTools({ tool: 'ping' })).toBe(false);
    expect(needsSupportTools({ tool: 'traceroute' })).toBe(false);
    for (const tool of ['dns', 'http', 'throughput', 'survey', 'whois', undefined])
      expect(needsSupportTools({ tool })).toBe(true);
    expect(needsSupportTools(null)).toBe(true);
  });
});
