/**
 * Draws a machine as a Mermaid stateDiagram-v2: nested states as blocks, `--` between parallel
 * regions, finals to [*], invoked actors as notes, `after` delays with their duration, guards
 * in brackets. Each edge is written in its source's block (Mermaid does not support edges
 * declared across composite states elsewhere).
 */
import type { AnyStateMachine } from 'xstate';
import { statechartGraph, type ChartState } from '../src/machines/debug/statechartGraph';

// The walk of the machine (states, regions, transitions, labels) is shared with the statechart
// explorer: src/machines/debug/statechartGraph.ts. This file only writes it as Mermaid.

const nodeId = (id: string) => id.replace(/[^A-Za-z0-9_]/g, '_');
const mermaidLabel = (label: string) => label.replace(/:/g, '꞉');

function drawEdges(node: ChartState, indent: string, lines: string[]) {
  for (const t of node.transitions) {
    for (const target of t.targets) lines.push(`${indent}${nodeId(node.id)} --> ${nodeId(target)} : ${mermaidLabel(t.label)}`);
  }
}

function drawChildren(parent: ChartState, indent: string, lines: string[]) {
  if (parent.type === 'parallel') {
    parent.children.forEach((child, i) => {
      if (i > 0) lines.push(`${indent}--`);
      drawNode(child, indent, lines);
    });
    return;
  }
  if (parent.initial) lines.push(`${indent}[*] --> ${nodeId(parent.initial)}`);
  for (const child of parent.children) drawNode(child, indent, lines);
}

function drawNode(node: ChartState, indent: string, lines: string[]) {
  const id = nodeId(node.id);
  if (node.children.length > 0) {
    lines.push(`${indent}state "${node.key}" as ${id} {`);
    drawChildren(node, indent + '  ', lines);
    lines.push(`${indent}}`);
  } else {
    lines.push(`${indent}state "${node.key}" as ${id}`);
  }
  for (const src of node.invokes) lines.push(`${indent}note right of ${id} : invoke ${src}`);
  drawEdges(node, indent, lines);
  if (node.type === 'final') lines.push(`${indent}${id} --> [*]`);
}

export function toMermaid(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2'];
  const { root } = statechartGraph(machine);
  drawChildren(root, '', lines);
  // Transitions declared on the root (global events) start from a pseudo node.
  if (root.transitions.length) {
    const any = `${nodeId(root.id)}_any`;
    lines.push(`state "any state" as ${any}`);
    for (const t of root.transitions) {
      for (const target of t.targets) {
        const to = target === root.id ? any : nodeId(target);
        lines.push(`${any} --> ${to} : ${mermaidLabel(t.label)}`);
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
