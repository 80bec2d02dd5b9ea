// Moves an MPEG transport stream segment later in time (docs/streaming.md#the-simulators-recorders): the
// looped test pattern's segments are served with timestamps that carry on from loop to loop, so a player
// sees one continuous stream rather than time going back every loop.

const PACKET = 188;
/** Timestamps are 33-bit counts of a 90 kHz clock, wrapping round. */
const WRAP = 2 ** 33;

const shifted = (value: number, ticks: number) => (value + ticks) % WRAP;

/** A PES timestamp (PTS or DTS): 5 bytes, the 33 bits split 3 / 15 / 15 between marker bits. */
function shiftPesTime(packet: Buffer, at: number, ticks: number): void {
  const value =
    ((packet[at] ?? 0) & 0x0e) * 2 ** 29 +
    ((packet[at + 1] ?? 0) << 22) +
    (((packet[at + 2] ?? 0) & 0xfe) << 14) +
    ((packet[at + 3] ?? 0) << 7) +
    ((packet[at + 4] ?? 0) >> 1);
  const next = shifted(value, ticks);
  const high = Math.floor(next / 2 ** 30);
  packet[at] = ((packet[at] ?? 0) & 0xf1) | (high << 1) | 1;
  packet[at + 1] = (next >> 22) & 0xff;
  packet[at + 2] = (((next >> 15) & 0x7f) << 1) | 1;
  packet[at + 3] = (next >> 7) & 0xff;
  packet[at + 4] = ((next & 0x7f) << 1) | 1;
}

/** The programme clock reference's 33-bit base, in an adaptation field; its 9-bit extension is kept. */
function shiftPcr(packet: Buffer, at: number, ticks: number): void {
  const value =
    (packet[at] ?? 0) * 2 ** 25 +
    ((packet[at + 1] ?? 0) << 17) +
    ((packet[at + 2] ?? 0) << 9) +
    ((packet[at + 3] ?? 0) << 1) +
    ((packet[at + 4] ?? 0) >> 7);
  const next = shifted(value, ticks);
  packet[at] = Math.floor(next / 2 ** 25) & 0xff;
  packet[at + 1] = Math.floor(next / 2 ** 17) & 0xff;
  packet[at + 2] = Math.floor(next / 2 ** 9) & 0xff;
  packet[at + 3] = Math.floor(next / 2) & 0xff;
  packet[at + 4] = ((next & 1) << 7) | ((packet[at + 4] ?? 0) & 0x7f);
}

/** A copy of the segment with every PTS, DTS and PCR `ticks` of the 90 kHz clock later. */
export function shiftTimestamps(segment: Uint8Array, ticks: number): Buffer {
  const out = Buffer.from(segment);
  const step = ((ticks % WRAP) + WRAP) % WRAP;
  for (let start = 0; start + PACKET <= out.length; start += PACKET) {
    const packet = out.subarray(start, start + PACKET);
    if (packet[0] !== 0x47) continue;
    const unitStart = ((packet[1] ?? 0) & 0x40) !== 0;
    const control = ((packet[3] ?? 0) >> 4) & 3;
    let payload = 4;
    if (control & 2) {
      const length = packet[4] ?? 0;
      if (length > 0 && ((packet[5] ?? 0) & 0x10) !== 0) shiftPcr(packet, 6, step);
      payload = 5 + length;
    }
    if (!(control & 1) || !unitStart || payload + 14 > PACKET) continue;
    // A PES packet with the optional header: start code 00 00 01, a stream id, then the flags.
    if (packet[payload] !== 0 || packet[payload + 1] !== 0 || packet[payload + 2] !== 1) continue;
    const streamId = packet[payload + 3] ?? 0;
    const audioOrVideo = (streamId & 0xe0) === 0xc0 || (streamId & 0xf0) === 0xe0;
    if (!audioOrVideo) continue;
    const times = ((packet[payload + 7] ?? 0) >> 6) & 3;
    if (times & 2) shiftPesTime(packet, payload + 9, step);
    if (times === 3) shiftPesTime(packet, payload + 14, step);
  }
  return out;
}

/** Reads the first PTS of a segment, in 90 kHz ticks (null when it has none). */
export function firstPts(segment: Uint8Array): number | null {
  for (let start = 0; start + PACKET <= segment.length; start += PACKET) {
    const packet = segment.subarray(start, start + PACKET);
    const control = ((packet[3] ?? 0) >> 4) & 3;
    const payload = control & 2 ? 5 + (packet[4] ?? 0) : 4;
    if (!((packet[1] ?? 0) & 0x40) || !(control & 1) || payload + 14 > PACKET) continue;
    if (packet[payload] !== 0 || packet[payload + 1] !== 0 || packet[payload + 2] !== 1) continue;
    if (!(((packet[payload + 7] ?? 0) >> 6) & 2)) continue;
    const at = payload + 9;
    return (
      ((packet[at] ?? 0) & 0x0e) * 2 ** 29 +
      ((packet[at + 1] ?? 0) << 22) +
      (((packet[at + 2] ?? 0) & 0xfe) << 14) +
      ((packet[at + 3] ?? 0) << 7) +
      ((packet[at + 4] ?? 0) >> 1)
    );
  }
  return null;
}
