// The topology as a graph (docs/topology.md#the-page): React Flow draws the devices where the layout puts
// them, pannable and zoomable, each a link to its dashboard, and the links between them by state and kind.
import '@xyflow/react/dist/style.css';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import {
  Controls,
  type Edge,
  Handle,
  type Node,
  type NodeProps,
  Position,
  ReactFlow,
  useReactFlow,
  useStore,
} from '@xyflow/react';
import { memo, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TopologyEdge, TopologyNode } from '../../../../core/api/topology.ts';
import { routes } from '../../../../core/routes.ts';
import { HEALTH_TONES } from '../../../platform/device-status.ts';
import type { DotTone } from '../../../platform/status-dot.tsx';
import { useUnitContext } from '../../account/index.ts';
import { familyLabelKey, HEALTH_LABEL_KEYS } from '../../devices/index.ts';
import { edgeStroke, rateOf } from './edge-style.ts';
import { layoutTopology, NODE_HEIGHT, NODE_WIDTH } from './layout.ts';

type DeviceData = { node: TopologyNode; siteId: number; highlighted: boolean };
type DeviceNode = Node<DeviceData, 'device'>;

const TONE_COLOURS: Record<DotTone, string> = {
  success: 'success.main',
  warning: 'warning.main',
  error: 'error.main',
  neutral: 'text.disabled',
};

const DeviceBox = memo(function DeviceBox({ data }: NodeProps<DeviceNode>) {
  const { t } = useTranslation();
  const { node, siteId, highlighted } = data;
  const family = familyLabelKey(node.family);
  return (
    <Box
      data-highlighted={highlighted || undefined}
      sx={{
        width: NODE_WIDTH,
        height: NODE_HEIGHT,
        boxSizing: 'border-box',
        px: 1.5,
        py: 0.75,
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderLeft: 6,
        borderLeftColor: TONE_COLOURS[HEALTH_TONES[node.health_id]],
        borderRadius: 1,
        overflow: 'hidden',
        outline: highlighted ? 3 : 0,
        outlineColor: 'primary.main',
        outlineOffset: 2,
        boxShadow: highlighted ? 6 : 0,
      }}
    >
      <Handle type="target" position={Position.Top} isConnectable={false} />
      <Link
        component={RouterLink}
        to={routes.deviceDashboard.href({ siteId, deviceId: node.id })}
        className="nodrag nopan"
        // The box takes no pointer events (it is neither dragged nor selected): its link does.
        sx={{ display: 'block', fontWeight: 600, fontSize: '0.875rem', pointerEvents: 'auto' }}
        noWrap
      >
        {node.name}
      </Link>
      <Typography variant="caption" component="p" color="text.secondary" noWrap sx={{ m: 0 }}>
        {node.model ?? (family ? t(family) : node.family)}
      </Typography>
      <Typography variant="caption" component="p" noWrap sx={{ m: 0 }}>
        {t('topology.node.health', { health: t(HEALTH_LABEL_KEYS[node.health_id]) })}
      </Typography>
      <Handle type="source" position={Position.Bottom} isConnectable={false} />
    </Box>
  );
});

const NODE_TYPES = { device: DeviceBox };
/** The view opens at a zoom between these: names stay readable; zoom out or search for the rest. */
const OPEN_ZOOM = { min: 0.5, max: 1.2 };
const MARGIN = 24;

/**
 * Opens the view once the pane has its size: the whole site where it fits at a readable zoom, else the top
 * of the drawing at that zoom, centred on the gateway (or the first device drawn). Refreshes leave the
 * view where the user took it.
 */
function OpenView({
  places,
  anchor,
}: {
  places: ReadonlyMap<number, { x: number; y: number }>;
  anchor: number | null;
}) {
  const flow = useReactFlow();
  const width = useStore((state) => state.width);
  const height = useStore((state) => state.height);
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || width === 0 || height === 0 || places.size === 0) return;
    opened.current = true;
    const all = [...places.values()];
    const left = Math.min(...all.map((place) => place.x));
    const top = Math.min(...all.map((place) => place.y));
    const right = Math.max(...all.map((place) => place.x)) + NODE_WIDTH;
    const bottom = Math.max(...all.map((place) => place.y)) + NODE_HEIGHT;
    const fit = Math.min((width - 2 * MARGIN) / (right - left), (height - 2 * MARGIN) / (bottom - top));
    const zoom = Math.min(OPEN_ZOOM.max, Math.max(OPEN_ZOOM.min, fit));
    const first = (anchor === null ? undefined : places.get(anchor)) ?? all.find((place) => place.y === top);
    const centreX = fit >= OPEN_ZOOM.min ? (left + right) / 2 : (first?.x ?? left) + NODE_WIDTH / 2;
    const y = fit >= OPEN_ZOOM.min ? (height - (bottom - top) * zoom) / 2 - top * zoom : MARGIN - top * zoom;
    void flow.setViewport({ x: width / 2 - centreX * zoom, y, zoom });
  }, [flow, width, height, places, anchor]);
  return null;
}

/** Centres the view on the first device the search found. */
function FocusOn({ place }: { place: { x: number; y: number } | null }) {
  const flow = useReactFlow();
  useEffect(() => {
    if (place)
      void flow.setCenter(place.x + NODE_WIDTH / 2, place.y + NODE_HEIGHT / 2, { zoom: 1.2, duration: 300 });
  }, [flow, place]);
  return null;
}

type Props = {
  readonly nodes: readonly TopologyNode[];
  readonly edges: readonly TopologyEdge[];
  readonly siteId: number;
  /** The devices the search found, highlighted; the view moves to the first. */
  readonly highlighted: ReadonlySet<number>;
  readonly label: string;
};

export function TopologyGraph({ nodes, edges, siteId, highlighted, label }: Props) {
  const theme = useTheme();
  const units = useUnitContext();
  // The layout follows who is linked to whom, not the links' states: a link going down moves nothing.
  const shape = JSON.stringify([nodes.map((node) => node.id), edges.map((edge) => edge.id)]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: laid out again only when the shape changes
  const places = useMemo(() => layoutTopology(nodes, edges), [shape]);
  const flowNodes = useMemo(
    () =>
      nodes.map(
        (node): DeviceNode => ({
          id: String(node.id),
          type: 'device',
          position: places.get(node.id) ?? { x: 0, y: 0 },
          data: { node, siteId, highlighted: highlighted.has(node.id) },
          width: NODE_WIDTH,
          height: NODE_HEIGHT,
          // Known handles draw the links before the browser measured the boxes.
          handles: [
            { type: 'target', position: Position.Top, x: NODE_WIDTH / 2 - 4, y: -4, width: 8, height: 8 },
            {
              type: 'source',
              position: Position.Bottom,
              x: NODE_WIDTH / 2 - 4,
              y: NODE_HEIGHT - 4,
              width: 8,
              height: 8,
            },
          ],
          draggable: false,
          connectable: false,
          selectable: false,
        }),
      ),
    [nodes, places, siteId, highlighted],
  );
  const flowEdges = useMemo(
    () =>
      edges.map(
        (edge): Edge => ({
          id: edge.id,
          source: String(edge.from_device_id),
          target: String(edge.to_device_id),
          style: edgeStroke(theme, edge),
          label: rateOf(edge, units) ?? undefined,
          labelStyle: { fill: theme.palette.text.primary, fontSize: 11 },
          labelBgStyle: { fill: theme.palette.background.paper },
          data: { state: edge.state, kind: edge.kind },
          className: `topology-edge-${edge.state}`,
          selectable: false,
          focusable: false,
        }),
      ),
    [edges, theme, units],
  );
  const anchor = nodes.find((node) => node.family === 'gateway')?.id ?? null;
  const first = nodes.find((node) => highlighted.has(node.id));
  const focus = useMemo(() => (first ? (places.get(first.id) ?? null) : null), [first, places]);
  return (
    <Box
      role="region"
      aria-label={label}
      sx={{
        height: { xs: 480, md: 'max(560px, 65vh)' },
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.default',
        '& .react-flow__attribution a': { color: 'text.primary' },
      }}
    >
      <ReactFlow
        nodes={flowNodes}
        edges={flowEdges}
        nodeTypes={NODE_TYPES}
        minZoom={0.1}
        nodesDraggable={false}
        nodesConnectable={false}
        nodesFocusable={false}
        edgesFocusable={false}
        elementsSelectable={false}
        colorMode={theme.palette.mode}
      >
        <Controls showInteractive={false} />
        <OpenView places={places} anchor={anchor} />
        <FocusOn place={focus} />
      </ReactFlow>
    </Box>
  );
}
