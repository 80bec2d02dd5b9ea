// How a link is drawn (docs/topology.md#the-page): its colour and dash by state, its width by kind, and the
// words that say the same, so colour is never the only cue.
import type { Theme } from '@mui/material/styles';
import type { LinkState, TopologyEdge, TopologyEdgeKind } from '../../../../core/api/topology.ts';
import { formatDbm, formatMegabitRate, type UnitContext } from '../../../platform/units.ts';

export const STATE_LABEL_KEYS = {
  up: 'topology.state.up',
  down: 'topology.state.down',
  stale: 'topology.state.stale',
} as const satisfies Record<LinkState, string>;

export const KIND_LABEL_KEYS = {
  port: 'topology.kind.port',
  lldp: 'topology.kind.lldp',
  radio_link: 'topology.kind.radioLink',
  mesh: 'topology.kind.mesh',
  managed: 'topology.kind.managed',
} as const satisfies Record<TopologyEdgeKind, string>;

export function stateColour(theme: Theme, state: LinkState): string {
  if (state === 'up') return theme.palette.success.main;
  if (state === 'down') return theme.palette.error.main;
  return theme.palette.text.secondary;
}

/** Stale links are dashed; radio links and mesh peers are drawn wider than cables, managed devices thin. */
export function edgeStroke(theme: Theme, edge: Pick<TopologyEdge, 'state' | 'kind'>) {
  const width = edge.kind === 'radio_link' || edge.kind === 'mesh' ? 4 : edge.kind === 'managed' ? 1.5 : 2.5;
  return {
    stroke: stateColour(theme, edge.state),
    strokeWidth: width,
    ...(edge.state === 'stale' ? { strokeDasharray: '8 6' } : {}),
  };
}

/** A cable's speed or a radio link's capacity; null when no report gives one. */
export function rateOf(edge: TopologyEdge, units: UnitContext): string | null {
  const mbps = edge.speed_mbps ?? edge.capacity_mbps;
  return mbps === undefined ? null : formatMegabitRate(mbps, units);
}

/** The signal each end of a radio link hears, where both are known. */
export function signalOf(edge: TopologyEdge, units: UnitContext): { from: string; to: string } | null {
  if (edge.from_rssi_dbm === undefined && edge.to_rssi_dbm === undefined) return null;
  const dbm = (value: number | undefined) => (value === undefined ? '–' : formatDbm(value, units));
  return { from: dbm(edge.from_rssi_dbm), to: dbm(edge.to_rssi_dbm) };
}
