/**
 * A machine walked into a plain graph: its states (nesting, parallel regions, finals, invoked
 * actors) and its transitions (event label, guard name, delay). One walk for both drawings:
 * scripts/toMermaid.ts writes docs/statecharts from it, and the statechart explorer
 * (src/views/debug) lays it out at runtime. Types only from xstate: no runtime cost.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

export interface ChartTransition {
  /** The state node declaring it (xstate id, e.g. 'signIn.form'). */
  source: string;
  /** Target state ids; the source itself when the transition has no target. */
  targets: string[];
  /** Whether it has no target (runs actions only, stays put). */
  targetless: boolean;
  /** The raw event type ('' for an eventless `always`). */
  eventType: string;
  /** What the diagram writes: `chat.send`, `done: load`, `after 500ms`, `always`, with `[guard]`. */
  label: string;
  guard?: string;
}

export interface ChartState {
  /** xstate's state node id ('signIn.form.editing'). */
  id: string;
  key: string;
  /** The path from the machine's root ([] for the root). */
  path: string[];
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** The initial child's id (compound states). */
  initial?: string;
  children: ChartState[];
  /** Invoked actors (their src, or id when the src is inline). */
  invokes: string[];
  transitions: ChartTransition[];
}

export interface ChartGraph {
  id: string;
  root: ChartState;
}

function eventLabel(t: AnyTransitionDefinition, machine: AnyStateMachine): { label: string; guard?: string } {
  const type = t.eventType;
  const after = /^xstate\.after\.([^.]+)\./.exec(type);
  const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  let label: string;
  if (!type) label = 'always';
  else if (after) {
    const raw = after[1];
    const named = (machine.implementations.delays as Record<string, unknown>)[raw];
    label = Number.isNaN(Number(raw)) ? `after ${raw}${typeof named === 'number' ? ` (${named}ms)` : ''}` : `after ${raw}ms`;
  } else if (done) label = `${done[1]}: ${done[2]}`;
  else if (type.startsWith('xstate.done.state.')) label = 'done';
  else label = type;
  const guard = t.guard ? (typeof t.guard === 'string' ? t.guard : ((t.guard as { type?: string }).type ?? 'guard')) : '';
  return guard ? { label: `${label} [${guard}]`, guard } : { label };
}

function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...node.transitions.values()].flat().concat(node.always ?? []);
}

function walk(node: AnyStateNode, machine: AnyStateMachine): ChartState {
  const children = (Object.values(node.states) as AnyStateNode[]).map((child) => walk(child, machine));
  const initial = node.type === 'parallel' ? undefined : node.initial?.target?.[0]?.id;
  return {
    id: node.id,
    key: node.key,
    path: [...node.path],
    type: node.type,
    ...(initial ? { initial } : {}),
    children,
    invokes: node.invoke.map((inv) => (typeof inv.src === 'string' ? inv.src : inv.id)),
    transitions: transitionsOf(node).map((t) => {
      const targets = t.target?.length ? t.target : [node];
      return {
        source: node.id,
        targets: targets.map((target) => target.id),
        targetless: !t.target?.length,
        eventType: t.eventType,
        ...eventLabel(t, machine),
      };
    }),
  };
}

/** The machine as a graph: states in declaration order, transitions in the order xstate tries them. */
export function statechartGraph(machine: AnyStateMachine): ChartGraph {
  return { id: machine.id, root: walk(machine.root, machine) };
}

/** Every state of the graph, depth first (the root first). */
export function chartStates(graph: ChartGraph): ChartState[] {
  const out: ChartState[] = [];
  const visit = (state: ChartState) => {
    out.push(state);
    state.children.forEach(visit);
  };
  visit(graph.root);
  return out;
}

/**
 * The ids of the states a snapshot value makes active, the root included:
 * 'idle' or { form: 'editing', upload: 'idle' } walked down the graph.
 */
export function activeStateIds(graph: ChartGraph, value: unknown): Set<string> {
  const active = new Set<string>([graph.root.id]);
  const visit = (state: ChartState, v: unknown) => {
    if (typeof v === 'string') {
      const child = state.children.find((c) => c.key === v);
      if (child) active.add(child.id);
      return;
    }
    if (!v || typeof v !== 'object') return;
    for (const [key, sub] of Object.entries(v)) {
      const child = state.children.find((c) => c.key === key);
      if (!child) continue;
      active.add(child.id);
      visit(child, sub);
    }
  };
  visit(graph.root, value);
  return active;
}
