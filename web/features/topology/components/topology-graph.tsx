// The topology as a graph (docs/topology.md#the-page): React Flow draws the devices where the layout puts
// them, pannable and zoomable, each a link to its dashboard, and the links between them by state and kind.
// Only what is in view is drawn, and a refresh hands React Flow the same objects for what did not change,
// so a site of a thousand devices opens and refreshes quickly (bench/README.md).
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
import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TopologyEdge, TopologyModel, TopologyNode } from '../../../../core/api/topology.ts';
import { routes } from '../../../../core/routes.ts';
import { HEALTH_TONES } from '../../../platform/device-status.ts';
import type { DotTone } from '../../../platform/status-dot.tsx';
import { useUnitContext } from '../../account/index.ts';
import { familyLabelKey, HEALTH_LABEL_KEYS } from '../../devices/index.ts';
import { edgeStroke, rateOf } from './edge-style.ts';
import { type Layout, layoutTopology, NODE_HEIGHT, NODE_WIDTH, type Place } from './layout.ts';

type DeviceData = {
  node: TopologyNode;
  model: TopologyModel | undefined;
  siteId: number;
  highlighted: boolean;
};
type DeviceNode = Node<DeviceData, 'device'>;

const TONE_COLOURS: Record<DotTone, string> = {
  success: 'success.main',
  warning: 'warning.main',
  error: 'error.main',
  neutral: 'text.disabled',
};

/**
 * Where links meet a box: from above into its top, out of its bottom; a folded leaf's line leaves its
 * device at the bottom left, down the column, into the leaf's left side. The lines show where they meet.
 */
const HANDLE = { size: 8, fold: 20 };
const HANDLES: NonNullable<Node['handles']> = [
  { id: 'top', type: 'target', position: Position.Top, x: NODE_WIDTH / 2 - 4, y: -4, width: 8, height: 8 },
  {
    id: 'bottom',
    type: 'source',
    position: Position.Bottom,
    x: NODE_WIDTH / 2 - 4,
    y: NODE_HEIGHT - 4,
    width: 8,
    height: 8,
  },
  {
    id: 'fold',
    type: 'source',
    position: Position.Bottom,
    x: HANDLE.fold - 4,
    y: NODE_HEIGHT - 4,
    width: 8,
    height: 8,
  },
  { id: 'side', type: 'target', position: Position.Left, x: -4, y: NODE_HEIGHT / 2 - 4, width: 8, height: 8 },
];
const hidden = { opacity: 0, minWidth: 0, minHeight: 0, width: HANDLE.size, height: HANDLE.size };

const DeviceBox = memo(function DeviceBox({ data }: NodeProps<DeviceNode>) {
  const { t } = useTranslation();
  const { node, model, siteId, highlighted } = data;
  const family = model ? familyLabelKey(model.family) : undefined;
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
      <Handle id="top" type="target" position={Position.Top} isConnectable={false} style={hidden} />
      <Handle id="side" type="target" position={Position.Left} isConnectable={false} style={hidden} />
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
        {model?.name ?? (family ? t(family) : model?.family)}
      </Typography>
      <Typography variant="caption" component="p" noWrap sx={{ m: 0 }}>
        {t('topology.node.health', { health: t(HEALTH_LABEL_KEYS[node.health_id]) })}
      </Typography>
      <Handle id="bottom" type="source" position={Position.Bottom} isConnectable={false} style={hidden} />
      <Handle
        id="fold"
        type="source"
        position={Position.Bottom}
        isConnectable={false}
        style={{ ...hidden, left: HANDLE.fold }}
      />
    </Box>
  );
});

const NODE_TYPES = { device: DeviceBox };
/** The view opens at a zoom between these: names stay readable; zoom out or search for the rest. */
const OPEN_ZOOM = { min: 0.5, max: 1.2 };
const MARGIN = 24;

/**
 * Opens the view once the pane has its size: the whole site where it fits at a readable zoom, else the top
 * of the drawing at that zoom, centred on the gateway (or the first device drawn), or, for a folded tree
 * (whose first device stands at its left), from its left edge. Refreshes leave the view where the user
 * took it.
 */
function OpenView({
  places,
  anchor,
  fromLeft,
}: {
  places: ReadonlyMap<number, Place>;
  anchor: number | null;
  fromLeft: boolean;
}) {
  const flow = useReactFlow();
  const width = useStore((state) => state.width);
  const height = useStore((state) => state.height);
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || width === 0 || height === 0 || places.size === 0) return;
    opened.current = true;
    let left = Number.POSITIVE_INFINITY;
    let top = Number.POSITIVE_INFINITY;
    let right = Number.NEGATIVE_INFINITY;
    let bottom = Number.NEGATIVE_INFINITY;
    for (const place of places.values()) {
      left = Math.min(left, place.x);
      top = Math.min(top, place.y);
      right = Math.max(right, place.x + NODE_WIDTH);
      bottom = Math.max(bottom, place.y + NODE_HEIGHT);
    }
    const fit = Math.min((width - 2 * MARGIN) / (right - left), (height - 2 * MARGIN) / (bottom - top));
    const zoom = Math.min(OPEN_ZOOM.max, Math.max(OPEN_ZOOM.min, fit));
    const first =
      (anchor === null ? undefined : places.get(anchor)) ??
      [...places.values()].find((place) => place.y === top);
    const fits = fit >= OPEN_ZOOM.min;
    const centreX = fits ? (left + right) / 2 : (first?.x ?? left) + NODE_WIDTH / 2;
    const x = !fits && fromLeft ? MARGIN - left * zoom : width / 2 - centreX * zoom;
    const y = fits ? (height - (bottom - top) * zoom) / 2 - top * zoom : MARGIN - top * zoom;
    void flow.setViewport({ x, y, zoom });
  }, [flow, width, height, places, anchor, fromLeft]);
  return null;
}

/**
 * Centres the view on the first device the search found, at once (no animation to sit through): in view,
 * it is drawn, however far it was.
 */
function FocusOn({ place }: { place: Place | null }) {
  const flow = useReactFlow();
  useEffect(() => {
    if (place) void flow.setCenter(place.x + NODE_WIDTH / 2, place.y + NODE_HEIGHT / 2, { zoom: 1.2 });
  }, [flow, place]);
  return null;
}

type Props = {
  readonly nodes: readonly TopologyNode[];
  readonly models: readonly TopologyModel[];
  readonly edges: readonly TopologyEdge[];
  readonly siteId: number;
  /** The devices the search found, highlighted; the view moves to the first. */
  readonly highlighted: ReadonlySet<number>;
  readonly label: string;
};

/**
 * Keeps the object made for each key while what it was made from is the same (the topology's query keeps
 * an unchanged node or edge the same object from one read to the next): React Flow then redraws only what
 * changed.
 */
function useKept<T, S extends readonly unknown[]>() {
  const kept = useRef(new Map<string, { sources: S; made: T }>());
  return useCallback((key: string, sources: S, make: () => T): T => {
    const before = kept.current.get(key);
    if (before?.sources.every((source, index) => source === sources[index])) return before.made;
    const made = make();
    kept.current.set(key, { sources, made });
    return made;
  }, []);
}

export function TopologyGraph({ nodes, models, edges, siteId, highlighted, label }: Props) {
  const theme = useTheme();
  const units = useUnitContext();
  // The layout follows who is linked to whom, not the links' states: a link going down moves nothing.
  const shape = JSON.stringify([nodes.map((node) => node.id), edges.map((edge) => edge.id)]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: laid out again only when the shape changes
  const { places, folded } = useMemo(
    (): Layout =>
      layoutTopology(
        nodes.map((node) => ({ id: node.id, family: models[node.model]?.family ?? '' })),
        edges,
      ),
    [shape],
  );
  const keepNode = useKept<
    DeviceNode,
    [TopologyNode, TopologyModel | undefined, Place | undefined, boolean, number]
  >();
  const flowNodes = useMemo(
    () =>
      nodes.map((node) => {
        const model = models[node.model];
        const place = places.get(node.id);
        const lit = highlighted.has(node.id);
        return keepNode(String(node.id), [node, model, place, lit, siteId], () => ({
          id: String(node.id),
          type: 'device',
          position: place ?? { x: 0, y: 0 },
          data: { node, model, siteId, highlighted: lit },
          width: NODE_WIDTH,
          height: NODE_HEIGHT,
          // Known handles draw the links before the browser measured the boxes.
          handles: HANDLES,
          draggable: false,
          connectable: false,
          selectable: false,
        }));
      }),
    [nodes, models, places, siteId, highlighted, keepNode],
  );
  const keepEdge = useKept<Edge, [TopologyEdge, number | undefined, typeof theme, typeof units]>();
  const flowEdges = useMemo(
    () =>
      edges.map((edge) => {
        // A folded leaf's line, whichever end reported it, comes down its device's column into its side.
        const leaf =
          folded.get(edge.to_device_id) === edge.from_device_id
            ? edge.to_device_id
            : folded.get(edge.from_device_id) === edge.to_device_id
              ? edge.from_device_id
              : undefined;
        return keepEdge(edge.id, [edge, leaf, theme, units], () => {
          const ends =
            leaf === undefined
              ? { source: edge.from_device_id, target: edge.to_device_id }
              : { source: folded.get(leaf) as number, target: leaf };
          return {
            id: edge.id,
            source: String(ends.source),
            target: String(ends.target),
            sourceHandle: leaf === undefined ? 'bottom' : 'fold',
            targetHandle: leaf === undefined ? 'top' : 'side',
            type: leaf === undefined ? 'default' : 'smoothstep',
            style: edgeStroke(theme, edge),
            // Down a column the labels would cover one another: the list of links gives those speeds.
            label: leaf === undefined ? (rateOf(edge, units) ?? undefined) : undefined,
            labelStyle: { fill: theme.palette.text.primary, fontSize: 11 },
            labelBgStyle: { fill: theme.palette.background.paper },
            data: { state: edge.state, kind: edge.kind },
            className: `topology-edge-${edge.state}`,
            selectable: false,
            focusable: false,
          };
        });
      }),
    [edges, folded, theme, units, keepEdge],
  );
  const anchor = nodes.find((node) => models[node.model]?.family === 'gateway')?.id ?? null;
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
        onlyRenderVisibleElements
        minZoom={0.1}
        nodesDraggable={false}
        nodesConnectable={false}
        nodesFocusable={false}
        edgesFocusable={false}
        elementsSelectable={false}
        colorMode={theme.palette.mode}
      >
        <Controls showInteractive={false} />
        <OpenView places={places} anchor={anchor} fromLeft={folded.size > 0} />
        <FocusOn place={focus} />
      </ReactFlow>
    </Box>
  );
}
