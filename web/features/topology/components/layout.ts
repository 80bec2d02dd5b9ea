// Where each device of the topology is drawn (docs/topology.md#the-page): a layered layout by dagre, from
// the gateways down. The same nodes and edges always give the same places, whatever order they came in,
// so a refresh never moves the drawing.
import { Graph, layout } from '@dagrejs/dagre';
import type { TopologyEdge, TopologyNode } from '../../../../core/api/topology.ts';

export const NODE_WIDTH = 200;
export const NODE_HEIGHT = 72;

export type Place = { x: number; y: number };

export function layoutTopology(
  nodes: readonly TopologyNode[],
  edges: readonly TopologyEdge[],
): Map<number, Place> {
  const graph = new Graph({ multigraph: true });
  graph.setGraph({ rankdir: 'TB', nodesep: 32, ranksep: 96, marginx: 16, marginy: 16 });
  graph.setDefaultEdgeLabel(() => ({}));
  const ids = new Set(nodes.map((node) => node.id));
  for (const node of [...nodes].sort((a, b) => a.id - b.id))
    graph.setNode(String(node.id), { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const edge of [...edges].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    if (!ids.has(edge.from_device_id) || !ids.has(edge.to_device_id)) continue;
    graph.setEdge(String(edge.from_device_id), String(edge.to_device_id), {}, edge.id);
  }
  layout(graph);
  const places = new Map<number, Place>();
  for (const node of nodes) {
    const placed = graph.node(String(node.id));
    // dagre gives the centre; the drawing takes the top left corner.
    places.set(node.id, { x: placed.x - NODE_WIDTH / 2, y: placed.y - NODE_HEIGHT / 2 });
  }
  return places;
}
