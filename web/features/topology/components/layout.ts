// Where each device of the topology is drawn (docs/topology.md#the-page). A site of up to LAYERED_MAX
// devices is laid out in layers by dagre, from the gateways down; a larger one as a tree whose leaves
// (devices linked to nothing else) are folded into a column under their device, which takes a few
// milliseconds where dagre takes a second. Either way the same nodes and edges always give the same
// places, whatever order they came in, so a refresh never moves the drawing.
import { Graph, layout } from '@dagrejs/dagre';

export const NODE_WIDTH = 200;
export const NODE_HEIGHT = 72;
/** The most devices laid out by dagre: beyond, it takes longer than the page may (bench/README.md). */
export const LAYERED_MAX = 100;

const GAP_X = 32;
const GAP_Y = 24;
const RANK_GAP = 96;
/** A folded leaf stands this far right of its device, so the line into its side shows. */
const INDENT = 40;
/** Devices linked to nothing are drawn under the rest in rows this long. */
const LOOSE_COLUMNS = 8;

export type Place = { x: number; y: number };
/** What the layout needs of a device and of a link. */
export type LayoutNode = { id: number; family: string };
export type LayoutEdge = { id: string; from_device_id: number; to_device_id: number };

export type Layout = {
  places: Map<number, Place>;
  /** A folded leaf's device, by the leaf's id: its line comes down the column into the leaf's side. */
  folded: Map<number, number>;
};

/** Gateways first, then switches, radios and the rest (the order core/topology.ts draws links from). */
const RANK: Record<string, number> = { gateway: 0, switch: 1, ptmp: 2, metrolinq: 2, mesh: 2 };
const rankOf = (node: LayoutNode) => RANK[node.family] ?? 3;
const byId = (a: { id: number | string }, b: { id: number | string }) =>
  a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

export function layoutTopology(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[]): Layout {
  const ids = new Set(nodes.map((node) => node.id));
  const drawn = [...edges]
    .filter((edge) => ids.has(edge.from_device_id) && ids.has(edge.to_device_id))
    .sort(byId);
  return nodes.length <= LAYERED_MAX
    ? { places: layered(nodes, drawn), folded: new Map() }
    : foldedTree(nodes, drawn);
}

function layered(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[]): Map<number, Place> {
  const graph = new Graph({ multigraph: true });
  graph.setGraph({ rankdir: 'TB', nodesep: GAP_X, ranksep: RANK_GAP, marginx: 16, marginy: 16 });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const node of [...nodes].sort(byId))
    graph.setNode(String(node.id), { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const edge of edges)
    graph.setEdge(String(edge.from_device_id), String(edge.to_device_id), {}, edge.id);
  layout(graph);
  const places = new Map<number, Place>();
  for (const node of nodes) {
    const placed = graph.node(String(node.id));
    // dagre gives the centre; the drawing takes the top left corner.
    places.set(node.id, { x: placed.x - NODE_WIDTH / 2, y: placed.y - NODE_HEIGHT / 2 });
  }
  return places;
}

/**
 * A tree from the most upstream devices (gateways, then switches, radios, the rest; then by id), each
 * device reached first through its most upstream neighbour. Under each device: its leaves in a column,
 * and to their right, one rank lower, its other children side by side, each with its own tree.
 */
function foldedTree(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[]): Layout {
  const order = [...nodes].sort((a, b) => rankOf(a) - rankOf(b) || a.id - b.id);
  const position = new Map(order.map((node, index) => [node.id, index]));
  const neighbours = new Map<number, number[]>(nodes.map((node) => [node.id, []]));
  for (const edge of edges) {
    if (edge.from_device_id === edge.to_device_id) continue;
    neighbours.get(edge.from_device_id)?.push(edge.to_device_id);
    neighbours.get(edge.to_device_id)?.push(edge.from_device_id);
  }
  const upstreamFirst = (a: number, b: number) => (position.get(a) ?? 0) - (position.get(b) ?? 0);
  for (const list of neighbours.values()) list.sort(upstreamFirst);

  // Breadth first from each root in turn: every device joins the tree through the first that reaches it.
  const children = new Map<number, number[]>();
  const reached = new Set<number>();
  const roots: number[] = [];
  const loose: number[] = [];
  for (const node of order) {
    if (reached.has(node.id)) continue;
    reached.add(node.id);
    if ((neighbours.get(node.id) ?? []).length === 0) {
      loose.push(node.id);
      continue;
    }
    roots.push(node.id);
    const queue = [node.id];
    for (let head = 0; head < queue.length; head++) {
      const next = queue[head] as number;
      const mine: number[] = [];
      for (const neighbour of neighbours.get(next) ?? []) {
        if (reached.has(neighbour)) continue;
        reached.add(neighbour);
        mine.push(neighbour);
        queue.push(neighbour);
      }
      children.set(next, mine);
    }
  }

  const places = new Map<number, Place>();
  const folded = new Map<number, number>();
  const isLeaf = (id: number) => (children.get(id) ?? []).length === 0;
  /** Places the tree of `id` with its top left corner at (x, y); answers its width and height. */
  function place(id: number, x: number, y: number): { width: number; height: number } {
    places.set(id, { x, y });
    const mine = children.get(id) ?? [];
    const leaves = mine.filter(isLeaf);
    const branches = mine.filter((child) => !isLeaf(child));
    leaves.forEach((leaf, index) => {
      places.set(leaf, { x: x + INDENT, y: y + (index + 1) * (NODE_HEIGHT + GAP_Y) });
      folded.set(leaf, id);
    });
    let width = leaves.length > 0 ? INDENT + NODE_WIDTH : NODE_WIDTH;
    let height = NODE_HEIGHT + leaves.length * (NODE_HEIGHT + GAP_Y);
    let left = x + (leaves.length > 0 ? INDENT + NODE_WIDTH + GAP_X : 0);
    for (const branch of branches) {
      const size = place(branch, left, y + NODE_HEIGHT + RANK_GAP);
      left += size.width + GAP_X;
      width = Math.max(width, left - GAP_X - x);
      height = Math.max(height, NODE_HEIGHT + RANK_GAP + size.height);
    }
    return { width, height };
  }

  let left = 0;
  let bottom = 0;
  for (const root of roots) {
    const size = place(root, left, 0);
    left += size.width + GAP_X * 2;
    bottom = Math.max(bottom, size.height);
  }
  const top = roots.length > 0 ? bottom + RANK_GAP : 0;
  loose.forEach((id, index) => {
    const column = index % LOOSE_COLUMNS;
    const row = Math.floor(index / LOOSE_COLUMNS);
    places.set(id, { x: column * (NODE_WIDTH + GAP_X), y: top + row * (NODE_HEIGHT + GAP_Y) });
  });
  return { places, folded };
}
