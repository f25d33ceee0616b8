import type { LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import type { LastMonths } from '../../api/moderation';
import { formatCount } from './format';

const WIDTH = 240;
const HEIGHT = 56;
/** Room for the stroke and the last month's dot at the edges. */
const PAD = 4;

const monthName = new Intl.DateTimeFormat('en', { month: 'short', year: 'numeric', timeZone: 'UTC' });
/** 'Mar 2025' (UTC months, as the server counts them). */
const monthLabel = ({ year, month }: { year: number; month: number }) => monthName.format(new Date(Date.UTC(year, month - 1, 1)));

/** The line through the months (and the area under it), scaled to the box; a flat line when all are equal. */
export function sparklinePaths(counts: number[]): { line: string; area: string; last: { x: number; y: number } } {
  const max = Math.max(1, ...counts);
  const step = counts.length > 1 ? (WIDTH - 2 * PAD) / (counts.length - 1) : 0;
  const points = counts.map((count, i) => ({
    x: PAD + i * step,
    y: HEIGHT - PAD - (count / max) * (HEIGHT - 2 * PAD),
  }));
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  const first = points[0] ?? { x: PAD, y: HEIGHT - PAD };
  const last = points.at(-1) ?? first;
  const area = `${line} L${last.x.toFixed(1)},${HEIGHT - PAD} L${first.x.toFixed(1)},${HEIGHT - PAD} Z`;
  return { line, area, last };
}

/**
 * A dashboard card: the last twelve months of a series as a small line (plain SVG: recharts stays
 * in the chart pages' chunk), opening the series' chart page. The drawing is hidden from screen
 * readers; the link says the same in words.
 */
export function SparklineCard({
  icon: Icon,
  label,
  noun,
  months,
  href,
}: {
  icon: LucideIcon;
  label: string;
  /** '12 sign-ups': the noun, plural. */
  noun: string;
  months: LastMonths;
  href: string;
}) {
  const counts = months.map((m) => m.count);
  const total = counts.reduce((sum, n) => sum + n, 0);
  const first = months[0];
  const current = months.at(-1);
  const { line, area, last } = sparklinePaths(counts);
  const span = first && current ? `${monthLabel(first)} – ${monthLabel(current)}` : '';
  return (
    <li>
      <Link
        href={href}
        className="flex h-full flex-col gap-2 rounded-3xl border border-neutral-200 bg-white p-4 shadow-sm outline-none transition-colors hover:border-neutral-300 hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent dark:border-neutral-800 dark:bg-neutral-900 dark:hover:border-neutral-700 dark:hover:bg-neutral-800/60"
      >
        <span className="flex items-center justify-between gap-2 text-sm font-medium text-neutral-600 dark:text-neutral-400">
          <span className="flex items-center gap-2">
            <Icon aria-hidden="true" size={16} />
            {label}
          </span>
          <span className="text-xs">Last 12 months</span>
        </span>
        <span className="flex items-baseline gap-2">
          <span className="text-2xl font-bold tracking-tight text-neutral-900 tabular-nums dark:text-white">{formatCount(total)}</span>
          <span className="text-sm text-neutral-600 dark:text-neutral-400">
            {noun}
            {current ? `, ${formatCount(current.count)} this month` : ''}
          </span>
        </span>
        <svg
          aria-hidden="true"
          data-testid="sparkline"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-14 w-full text-accent"
        >
          <path d={area} fill="currentColor" fillOpacity={0.12} stroke="none" />
          <path
            d={line}
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeLinejoin="round"
            strokeLinecap="round"
            vectorEffect="non-scaling-stroke"
          />
          {/* This month: a round cap on a zero-length stroke stays round in a stretched box. */}
          <path
            d={`M${last.x.toFixed(1)},${last.y.toFixed(1)} h0`}
            stroke="currentColor"
            strokeWidth={7}
            strokeLinecap="round"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
        <span className="text-xs text-neutral-600 dark:text-neutral-400">{span} (UTC)</span>
      </Link>
    </li>
  );
}
