/**
 * Draws a machine as a Mermaid stateDiagram-v2: nested states as blocks, `--` between parallel
 * regions, finals to [*], invoked actors as notes, `after` delays with their duration, guards
 * in brackets. Each edge is written in its source's block (Mermaid does not support edges
 * declared across composite states elsewhere).
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

const nodeId = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9_]/g, '_');

function eventLabel(t: AnyTransitionDefinition, machine: AnyStateMachine): string {
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
  const guard = t.guard
    ? typeof t.guard === 'string'
      ? t.guard
      : ((t.guard as { type?: string }).type ?? 'guard')
    : '';
  return guard ? `${label} [${guard}]` : label;
}

function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...node.transitions.values()].flat().concat(node.always ?? []);
}

function drawEdges(node: AnyStateNode, machine: AnyStateMachine, indent: string, lines: string[]) {
  for (const t of transitionsOf(node)) {
    const label = eventLabel(t, machine).replace(/:/g, '꞉');
    const targets = t.target?.length ? t.target : [node];
    for (const target of targets) lines.push(`${indent}${nodeId(node)} --> ${nodeId(target)} : ${label}`);
  }
}

function drawChildren(parent: AnyStateNode, machine: AnyStateMachine, indent: string, lines: string[]) {
  const children = Object.values(parent.states) as AnyStateNode[];
  if (parent.type === 'parallel') {
    children.forEach((child, i) => {
      if (i > 0) lines.push(`${indent}--`);
      drawNode(child, machine, indent, lines);
    });
    return;
  }
  if (parent.initial?.target?.[0]) lines.push(`${indent}[*] --> ${nodeId(parent.initial.target[0])}`);
  for (const child of children) drawNode(child, machine, indent, lines);
}

function drawNode(node: AnyStateNode, machine: AnyStateMachine, indent: string, lines: string[]) {
  const id = nodeId(node);
  const hasChildren = Object.keys(node.states).length > 0;
  if (hasChildren) {
    lines.push(`${indent}state "${node.key}" as ${id} {`);
    drawChildren(node, machine, indent + '  ', lines);
    lines.push(`${indent}}`);
  } else {
    lines.push(`${indent}state "${node.key}" as ${id}`);
  }
  for (const inv of node.invoke) {
    const src = typeof inv.src === 'string' ? inv.src : inv.id;
    lines.push(`${indent}note right of ${id} : invoke ${src}`);
  }
  drawEdges(node, machine, indent, lines);
  if (node.type === 'final') lines.push(`${indent}${id} --> [*]`);
}

export function toMermaid(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2'];
  const root = machine.root;
  drawChildren(root, machine, '', lines);
  // Transitions declared on the root (global events) start from a pseudo node.
  const rootTransitions = transitionsOf(root);
  if (rootTransitions.length) {
    lines.push(`state "any state" as ${nodeId(root)}_any`);
    for (const t of rootTransitions) {
      const label = eventLabel(t, machine).replace(/:/g, '꞉');
      for (const target of t.target?.length ? t.target : [root]) {
        const to = target === root ? `${nodeId(root)}_any` : nodeId(target);
        lines.push(`${nodeId(root)}_any --> ${to} : ${label}`);
      }
    }
  }
  return lines.join('\n') + '\n';
}

export function statechartMarkdown(name: string, machine: AnyStateMachine): string {
  return [
    `# ${name}`,
    '',
    `Generated from \`src/machines\` by \`npm run statecharts\`; do not edit by hand.`,
    '',
    // Plans are generated on demand, not kept here: see README.md for why.
    `Path plan for testers (the paths its model test replays): \`npm run test:paths -- --machine ${name}\` prints it, ` +
      `\`npm run test:paths -- --plan DIR\` writes DIR/${name}.md and DIR/${name}.json ([how to read and filter it](README.md#path-plans-for-testers)).`,
    '',
    '```mermaid',
    toMermaid(machine).trimEnd(),
    '```',
    '',
  ].join('\n');
}
