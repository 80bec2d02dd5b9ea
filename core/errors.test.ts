import { describe, expect, it } from 'vitest';
import { classifyFailure, isIgnorableScriptError, isReportable } from './errors.ts';

const http = (status: number, extra: { incidentId?: string | null; serverMessage?: string | null } = {}) => ({
  kind: 'http' as const,
  status,
  ...extra,
});

describe('classifyFailure (docs/errors.md)', () => {
  it('says the browser is offline when no answer came while offline', () => {
    expect(classifyFailure({ kind: 'network', status: null }, false)).toEqual({ type: 'offline' });
    expect(classifyFailure({ kind: 'timeout', status: null }, false)).toEqual({ type: 'offline' });
  });

  it('reports a network failure or timeout while online as a network failure', () => {
    expect(classifyFailure({ kind: 'network', status: null }, true)).toEqual({ type: 'network' });
    expect(classifyFailure({ kind: 'timeout', status: null }, true)).toEqual({ type: 'network' });
  });

  it.each([
    [401, { type: 'sessionExpired' }],
    [429, { type: 'tooManyRequests' }],
    [502, { type: 'badGateway' }],
    [503, { type: 'unavailable' }],
    [404, { type: 'generic' }],
    [418, { type: 'generic' }],
    [504, { type: 'generic' }],
  ])('maps HTTP %i to its notice', (status, notice) => {
    expect(classifyFailure(http(status), true)).toEqual(notice);
  });

  it('keeps the server message of a 403, or none when the body had none', () => {
    expect(classifyFailure(http(403, { serverMessage: 'Only owners may do this.' }), true)).toEqual({
      type: 'forbidden',
      serverMessage: 'Only owners may do this.',
    });
    expect(classifyFailure(http(403, { serverMessage: '  ' }), true)).toEqual({
      type: 'forbidden',
      serverMessage: null,
    });
  });

  it('keeps the incident id of a 500', () => {
    expect(classifyFailure(http(500, { incidentId: 'inc-7' }), true)).toEqual({
      type: 'server',
      incidentId: 'inc-7',
    });
    expect(classifyFailure(http(500), true)).toEqual({ type: 'server', incidentId: null });
  });

  it('treats parse failures, unknown context, validation lists and script errors as generic', () => {
    for (const kind of ['parse', 'context', 'validation', 'script'] as const) {
      expect(classifyFailure({ kind, status: kind === 'validation' ? 400 : null }, true)).toEqual({
        type: 'generic',
      });
    }
  });

  it('offers a report only for the generic notice', () => {
    expect(isReportable({ type: 'generic' })).toBe(true);
    expect(isReportable({ type: 'server', incidentId: null })).toBe(false);
  });

  it('ignores layout observer noise', () => {
    expect(isIgnorableScriptError('ResizeObserver loop limit exceeded')).toBe(true);
    expect(isIgnorableScriptError('TypeError: x is undefined')).toBe(false);
  });
});
