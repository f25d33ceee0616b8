import { useEffect, useRef, useState } from 'react';
import type { ChartGraph } from '../../machines/debug/statechartGraph';
import { layoutChart, type ChartLayout } from './chartLayout';

/**
 * A statechart drawn as SVG from its ELK layout: compound states as nested boxes, parallel
 * regions dashed, edges with their event labels; the active states are filled and outlined,
 * and the labels of events the actor accepts now are bold.
 */
export function StatechartDiagram({
  graph,
  active,
  accepted,
  fit,
}: {
  graph: ChartGraph;
  active: ReadonlySet<string>;
  accepted: ReadonlySet<string>;
  fit: boolean;
}) {
  const [layout, setLayout] = useState<{ graph: ChartGraph; layout: ChartLayout } | { graph: ChartGraph; error: string }>();

  useEffect(() => {
    let live = true;
    layoutChart(graph).then(
      (result) => live && setLayout({ graph, layout: result }),
      (error: unknown) => live && setLayout({ graph, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [graph]);

  // Keeps the innermost active state in view as the actor moves.
  const svg = useRef<SVGSVGElement>(null);
  const activeKey = [...active].join(' ');
  const laid = layout && layout.graph === graph && 'layout' in layout;
  useEffect(() => {
    if (!laid) return;
    const boxes = svg.current?.querySelectorAll('[data-active]');
    const innermost = boxes?.[boxes.length - 1];
    const scroller = svg.current?.parentElement;
    if (!innermost || !scroller) return;
    // Only the chart's own scroll box moves (never the page under the panel).
    const box = innermost.getBoundingClientRect();
    const view = scroller.getBoundingClientRect();
    if (box.left < view.left || box.right > view.right) scroller.scrollLeft += box.left - view.left - (view.width - box.width) / 2;
    if (box.top < view.top || box.bottom > view.bottom) scroller.scrollTop += box.top - view.top - (view.height - box.height) / 2;
  }, [laid, activeKey]);

  if (!layout || layout.graph !== graph) {
    return <p className="p-3 text-xs text-neutral-600 dark:text-neutral-400">Drawing the chart…</p>;
  }
  if ('error' in layout) {
    return (
      <p role="alert" className="p-3 text-xs text-red-700 dark:text-red-400">
        The chart could not be drawn: {layout.error}
      </p>
    );
  }
  const { width, height, boxes, edges } = layout.layout;
  const activeNames = boxes.filter((box) => active.has(box.id)).map((box) => box.label);

  return (
    <svg
      ref={svg}
      role="img"
      aria-label={`Statechart ${graph.id}${activeNames.length ? `, active: ${activeNames.join(', ')}` : ''}`}
      viewBox={`0 0 ${Math.ceil(width)} ${Math.ceil(height)}`}
      width={fit ? '100%' : Math.ceil(width)}
      height={fit ? undefined : Math.ceil(height)}
      // Fitted, a chart shrinks to the panel but never grows past its own size.
      style={fit ? { maxWidth: Math.ceil(width) } : undefined}
      className="block max-w-none font-mono text-[11px]"
    >
      <defs>
        <marker id="chart-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 z" className="fill-neutral-500 dark:fill-neutral-400" />
        </marker>
      </defs>
      {boxes.map((box) => {
        const on = active.has(box.id);
        return (
          <g key={box.id} data-state={box.id} data-active={on || undefined}>
            <rect
              x={box.x}
              y={box.y}
              width={box.width}
              height={box.height}
              rx={box.compound ? 10 : 8}
              strokeWidth={on ? 2.5 : 1}
              strokeDasharray={box.kind === 'any' ? '4 3' : undefined}
              className={
                on
                  ? 'fill-sky-100 stroke-sky-700 dark:fill-sky-950 dark:stroke-sky-300'
                  : box.compound
                    ? 'fill-neutral-50 stroke-neutral-400 dark:fill-neutral-900 dark:stroke-neutral-600'
                    : 'fill-white stroke-neutral-500 dark:fill-neutral-800 dark:stroke-neutral-500'
              }
            />
            {box.kind === 'final' ? (
              <rect
                x={box.x + 3}
                y={box.y + 3}
                width={box.width - 6}
                height={box.height - 6}
                rx={6}
                fill="none"
                className="stroke-neutral-500"
              />
            ) : null}
            <text
              x={box.x + (box.compound ? 10 : box.width / 2)}
              y={box.y + 16}
              textAnchor={box.compound ? 'start' : 'middle'}
              className={`${on ? 'font-bold' : ''} fill-neutral-900 dark:fill-neutral-100`}
            >
              {box.label}
              {box.kind === 'parallel' ? ' ∥' : ''}
            </text>
            {box.invokes.map((src, i) => (
              <text
                key={src + i}
                x={box.x + (box.compound ? 10 : box.width / 2)}
                y={box.y + 30 + i * 14}
                textAnchor={box.compound ? 'start' : 'middle'}
                className="fill-neutral-600 italic dark:fill-neutral-400"
              >
                invoke {src}
              </text>
            ))}
          </g>
        );
      })}
      {edges.map((edge) => {
        if (edge.points.length < 2) return null;
        const hot = edge.events.some((type) => accepted.has(type)) && active.has(edge.source);
        const d = edge.points.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
        return (
          <g key={edge.id}>
            <path
              d={d}
              fill="none"
              markerEnd="url(#chart-arrow)"
              strokeWidth={hot ? 1.8 : 1}
              className={hot ? 'stroke-sky-700 dark:stroke-sky-300' : 'stroke-neutral-500 dark:stroke-neutral-400'}
            />
            {edge.labelBox
              ? edge.labels.map((line, i) => (
                  <text
                    key={line}
                    x={edge.labelBox!.x + 3}
                    y={edge.labelBox!.y + 11 + i * 14}
                    className={
                      hot && accepted.has(edge.events[i])
                        ? 'fill-sky-800 font-bold dark:fill-sky-200'
                        : 'fill-neutral-700 dark:fill-neutral-300'
                    }
                  >
                    {line}
                  </text>
                ))
              : null}
          </g>
        );
      })}
    </svg>
  );
}
