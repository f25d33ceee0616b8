import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { ChartGraph, ChartState } from '../../machines/debug/statechartGraph';

/**
 * Lays out a statechart graph (src/machines/debug/statechartGraph.ts) with ELK: compound states as
 * nested boxes, edges routed across levels, one label per pair of states (the events between
 * them, one a line). Coordinates are absolute, ready for an SVG.
 */
export interface LaidBox {
  id: string;
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
  compound: boolean;
  kind: ChartState['type'] | 'any';
  depth: number;
  invokes: string[];
}

export interface LaidEdge {
  id: string;
  source: string;
  target: string;
  /** The polyline, absolute. */
  points: { x: number; y: number }[];
  labels: string[];
  /** The event type of each label line (to mark the ones the actor accepts now). */
  events: string[];
  labelBox?: { x: number; y: number; width: number; height: number };
}

export interface ChartLayout {
  width: number;
  height: number;
  boxes: LaidBox[];
  edges: LaidEdge[];
}

const CHAR = 6.6; // px per character at the 11px monospace the SVG uses
const LINE = 14;
const HEADER = 22;
export const ANY_STATE = '(any state)';

let elk: InstanceType<typeof ELK> | undefined;
const cache = new WeakMap<ChartGraph, Promise<ChartLayout>>();

export function layoutChart(graph: ChartGraph): Promise<ChartLayout> {
  let layout = cache.get(graph);
  if (!layout) {
    layout = compute(graph);
    cache.set(graph, layout);
  }
  return layout;
}

async function compute(graph: ChartGraph): Promise<ChartLayout> {
  elk ??= new ELK();
  const meta = new Map<string, { state?: ChartState; depth: number }>();
  const pairs = new Map<string, { source: string; target: string; labels: string[]; events: string[] }>();

  const addEdges = (state: ChartState, from: string) => {
    for (const t of state.transitions) {
      for (const target of t.targets) {
        const to = target === graph.root.id ? from : target;
        const key = `${from}\u0000${to}`;
        const pair = pairs.get(key) ?? { source: from, target: to, labels: [], events: [] };
        if (!pair.labels.includes(t.label)) {
          pair.labels.push(t.label);
          pair.events.push(t.eventType);
        }
        pairs.set(key, pair);
      }
    }
  };

  const toNode = (state: ChartState, depth: number): ElkNode => {
    meta.set(state.id, { state, depth });
    addEdges(state, state.id);
    const title = state.key + (state.type === 'final' ? ' (final)' : '');
    const lines = [title, ...state.invokes.map((src) => `invoke ${src}`)];
    const width = Math.max(...lines.map((line) => line.length)) * CHAR + 20;
    if (state.children.length === 0) {
      return { id: state.id, width, height: lines.length * LINE + 12 };
    }
    const top = HEADER + state.invokes.length * LINE;
    return {
      id: state.id,
      layoutOptions: {
        'elk.padding': `[top=${top},left=12,bottom=12,right=12]`,
        'elk.nodeSize.minimum': `(${width}, ${top + 20})`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        ...(state.type === 'parallel' ? { 'elk.direction': 'RIGHT' } : {}),
      },
      children: state.children.map((child) => toNode(child, depth + 1)),
    };
  };

  const children = graph.root.children.map((child) => toNode(child, 0));
  if (graph.root.transitions.length) {
    const anyId = `${graph.root.id}${ANY_STATE}`;
    meta.set(anyId, { depth: 0 });
    children.push({ id: anyId, width: ANY_STATE.length * CHAR + 20, height: LINE + 12 });
    addEdges(graph.root, anyId);
  }

  const edges: ElkExtendedEdge[] = [...pairs.values()].map((pair, i) => ({
    id: `e${i}`,
    sources: [pair.source],
    targets: [pair.target],
    labels: [
      {
        text: pair.labels.join('\n'),
        width: Math.max(...pair.labels.map((l) => l.length)) * CHAR + 6,
        height: pair.labels.length * LINE + 2,
      },
    ],
  }));

  const input: ElkNode = {
    id: '__root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'POLYLINE',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.spacing.nodeNode': '24',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.inline': 'false',
      'elk.padding': '[top=12,left=12,bottom=12,right=12]',
    },
    children,
    edges,
  };
  const laid = await elk.layout(input);

  const boxes: LaidBox[] = [];
  const offsets = new Map<string, { x: number; y: number }>([['__root', { x: 0, y: 0 }]]);
  const visit = (node: ElkNode, ox: number, oy: number) => {
    const x = ox + (node.x ?? 0);
    const y = oy + (node.y ?? 0);
    offsets.set(node.id, { x, y });
    const info = meta.get(node.id);
    const state = info?.state;
    boxes.push({
      id: node.id,
      label: state ? state.key + (state.type === 'final' ? ' (final)' : '') : ANY_STATE,
      x,
      y,
      width: node.width ?? 0,
      height: node.height ?? 0,
      compound: (node.children?.length ?? 0) > 0,
      kind: state ? state.type : 'any',
      depth: info?.depth ?? 0,
      invokes: state?.invokes ?? [],
    });
    for (const child of node.children ?? []) visit(child, x, y);
  };
  for (const child of laid.children ?? []) visit(child, 0, 0);

  const pairList = [...pairs.values()];
  const laidEdges: LaidEdge[] = (laid.edges ?? []).map((edge, i) => {
    const container = (edge as ElkExtendedEdge & { container?: string }).container ?? '__root';
    const { x: ox, y: oy } = offsets.get(container) ?? { x: 0, y: 0 };
    const points = (edge.sections ?? [])
      .flatMap((section) => [section.startPoint, ...(section.bendPoints ?? []), section.endPoint])
      .map((p) => ({ x: p.x + ox, y: p.y + oy }));
    const label = edge.labels?.[0];
    const pair = pairList[i];
    return {
      id: edge.id,
      source: pair.source,
      target: pair.target,
      points,
      labels: pair.labels,
      events: pair.events,
      ...(label && label.x !== undefined
        ? { labelBox: { x: label.x + ox, y: (label.y ?? 0) + oy, width: label.width ?? 0, height: label.height ?? 0 } }
        : {}),
    };
  });

  return { width: laid.width ?? 0, height: laid.height ?? 0, boxes, edges: laidEdges };
}
