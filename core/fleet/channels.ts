// docs/entities.md: the frequency bands 2.4, 5, 6 and 60 GHz are mapped to channels (IEEE 802.11 channel numbering).
import type { Band } from './protocol.ts';

/** The channel numbers from first to last, a step apart (4 between 20 MHz channels at 5 GHz). */
export const channelRange = (first: number, last: number, step = 1) =>
  Array.from({ length: Math.floor((last - first) / step) + 1 }, (_, index) => first + index * step);

/**
 * The channels each band has: 2.4 GHz 1–14; 5 GHz UNII-1 to UNII-3 (20 MHz centres); 6 GHz UNII-5 to UNII-8
 * (20 MHz centres 1–233); 60 GHz 802.11ad/ay 1–6.
 */
export const BAND_CHANNELS: Readonly<Record<Band, readonly number[]>> = {
  '2.4': channelRange(1, 14),
  '5': [...channelRange(36, 64, 4), ...channelRange(100, 144, 4), ...channelRange(149, 177, 4)],
  '6': channelRange(1, 233, 4),
  '60': channelRange(1, 6),
};

export function isBandChannel(band: Band, channel: number): boolean {
  return BAND_CHANNELS[band].includes(channel);
}
