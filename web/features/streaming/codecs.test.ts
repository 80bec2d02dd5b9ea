import { describe, expect, it } from 'vitest';
import { choosePlay } from './codecs.ts';

const h264 = { codec: 'h264' as const };
const h265 = { codec: 'h265' as const };
const onlyH264 = (codec: string) => codec === 'h264';

describe('choosing the stream a browser plays', () => {
  it('plays the stream asked for when its codec decodes', () => {
    expect(choosePlay({ main: h264, sub: h264 }, 'main', onlyH264)).toEqual({
      stream: 'main',
      fallback: null,
    });
    expect(choosePlay({ main: h265, sub: h264 }, 'sub', onlyH264)).toEqual({ stream: 'sub', fallback: null });
  });

  it('falls back to the sub stream when the main stream is H.265 and the browser decodes only H.264', () => {
    expect(choosePlay({ main: h265, sub: h264 }, 'main', onlyH264)).toEqual({
      stream: 'sub',
      fallback: 'sub',
    });
  });

  it('falls back to snapshots when neither stream decodes', () => {
    expect(choosePlay({ main: h265, sub: h265 }, 'main', onlyH264)).toEqual({
      stream: null,
      fallback: 'snapshots',
    });
    expect(choosePlay({ main: h264, sub: h264 }, 'sub', () => false)).toEqual({
      stream: null,
      fallback: 'snapshots',
    });
  });

  it('takes a stream the recorder has not described as H.264', () => {
    expect(choosePlay({ main: null, sub: null }, 'main', onlyH264)).toEqual({
      stream: 'main',
      fallback: null,
    });
  });
});
