// The marked part of a matched field follows the server's matching rules (server/features/search/matching.ts).
import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlight.ts';

const marked = (...args: Parameters<typeof highlightParts>) =>
  highlightParts(...args)
    .map((part) => (part.match ? `[${part.text}]` : part.text))
    .join('');

describe('highlightParts', () => {
  it('marks every occurrence in a name, whatever the case', () => {
    expect(marked('Lobby AP in the LOBBY', 'name', 'lobby')).toBe('[Lobby] AP in the [LOBBY]');
    expect(marked('Lobby AP', 'hostname', '  ap ')).toBe('Lobby [AP]');
  });

  it('marks an IP address and a serial number only from their start', () => {
    expect(marked('10.10.1.5', 'ip', '10.1')).toBe('[10.1]0.1.5');
    expect(marked('192.10.1.5', 'ip', '10.1')).toBe('192.10.1.5');
    expect(marked('WX24A1WX24', 'serial', 'wx24')).toBe('[WX24]A1WX24');
  });

  it('finds a MAC address in its stored form whichever notation was typed', () => {
    expect(marked('00:1b:2c:dd:ee:ff', 'mac', '2C-DD-EE')).toBe('00:1b:[2c:dd:ee]:ff');
    expect(marked('00:1b:2c:dd:ee:ff', 'mac', '001b.2cdd.eeff')).toBe('[00:1b:2c:dd:ee:ff]');
    expect(marked('00:1b:2c:dd:ee:ff', 'mac', 'dd:e')).toBe('00:1b:2c:[dd:e]e:ff');
  });

  it('leaves a value without the query unmarked, and keeps every character', () => {
    expect(highlightParts('Harbor', 'name', 'lobby')).toEqual([{ at: 0, text: 'Harbor', match: false }]);
    expect(highlightParts('a-lob-b', 'name', 'lob')).toEqual([
      { at: 0, text: 'a-', match: false },
      { at: 2, text: 'lob', match: true },
      { at: 5, text: '-b', match: false },
    ]);
  });
});
