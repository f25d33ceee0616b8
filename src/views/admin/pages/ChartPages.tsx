import { useSelector } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartSubject, ChartView } from '../../../machines/admin/adminChart.machine';
import {
  isChartFailed,
  sameYears,
  selectChartError,
  selectChartView,
  selectChartYear,
  selectChartYears,
  selectMonthFigures,
  selectYearFigures,
} from '../../../machines/admin/adminChart.connect';
import { LoadError } from '../../ui/LoadError';
import { Skeleton } from '../../ui/Skeleton';
import { useAdminLogic } from '../AdminLogic';
import { formatCount } from '../format';
import { useScreenActor } from '../../shared/useScreenActor';

/**
 * The Posts and Users chart pages: the only importers of recharts, loaded on demand
 * (React.lazy in AdminArea.tsx), so no other page carries the chart library.
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** The accent, readable on the light and the dark surface alike. */
const ACCENT = '#f33e58';

interface Point {
  /** The axis label: 'Jan' or '2025'. */
  label: string;
  /** The table's row header: 'January' or '2025'. */
  name: string;
  count: number;
}

const COPY: Record<ChartSubject, { title: string; description: string; noun: string; unit: string }> = {
  posts: { title: 'Posts', description: 'Posts and questions published, in UTC months and years.', noun: 'Posts', unit: 'posts' },
  users: { title: 'Sign-ups', description: 'Members who joined, in UTC months and years.', noun: 'Sign-ups', unit: 'sign-ups' },
};

const toggleClass =
  'cursor-pointer whitespace-nowrap rounded-xl px-3 py-1.5 text-sm font-semibold text-neutral-700 outline-none transition-colors ' +
  'data-[hovered]:bg-neutral-200/70 data-[selected]:bg-neutral-900 data-[selected]:text-white data-[focus-visible]:outline-2 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-accent ' +
  'dark:text-neutral-300 dark:data-[hovered]:bg-neutral-700/60 dark:data-[selected]:bg-white dark:data-[selected]:text-neutral-900';

const selectClass =
  'h-9 cursor-pointer rounded-xl border border-neutral-300 bg-white px-3 text-sm font-semibold text-neutral-900 outline-none ' +
  'focus-visible:border-accent focus-visible:ring-2 focus-visible:ring-accent/30 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:[color-scheme:dark]';

type PerYearFigures = NonNullable<ReturnType<typeof selectYearFigures>>;
type PerMonthFigures = NonNullable<ReturnType<typeof selectMonthFigures>>;

/** The figures of the view shown as the chart draws them, or null while they load or failed. */
function pointsOf(view: ChartView, years: PerYearFigures | null, months: PerMonthFigures | undefined): Point[] | null {
  if (view === 'year') return years?.map((y) => ({ label: String(y.year), name: String(y.year), count: y.count })) ?? null;
  return months?.map((m) => ({ label: MONTHS[m.month - 1].slice(0, 3), name: MONTHS[m.month - 1], count: m.count })) ?? null;
}

function ChartTooltip({ active, payload, unit }: { active?: boolean; payload?: readonly { payload?: unknown }[]; unit: string }) {
  if (!active || !payload?.length) return null;
  const point = payload[0].payload as Point;
  return (
    <div className="rounded-xl border border-neutral-200 bg-white px-3 py-2 text-sm shadow-lg dark:border-neutral-700 dark:bg-neutral-900">
      <p className="font-semibold text-neutral-900 dark:text-white">{point.name}</p>
      <p className="text-neutral-700 dark:text-neutral-300">
        {formatCount(point.count)} {unit}
      </p>
    </div>
  );
}

/** The chart itself: hidden from screen readers, which get the table of the same figures. */
function Chart({ subject, points }: { subject: ChartSubject; points: Point[] }) {
  const unit = COPY[subject].unit;
  const axis = { stroke: 'currentColor', tick: { fill: 'currentColor', fontSize: 12 }, tickLine: false } as const;
  const children: ReactNode[] = [
    <CartesianGrid key="grid" stroke="currentColor" strokeOpacity={0.15} vertical={false} />,
    <XAxis key="x" dataKey="label" {...axis} />,
    <YAxis key="y" allowDecimals={false} width={48} {...axis} axisLine={false} />,
    <Tooltip
      key="tip"
      cursor={{ fill: 'currentColor', fillOpacity: 0.08, stroke: 'currentColor', strokeOpacity: 0.3 }}
      content={({ active, payload }) => <ChartTooltip active={active} payload={payload} unit={unit} />}
    />,
  ];
  return (
    <div aria-hidden="true" className="h-72 w-full text-neutral-600 sm:h-80 dark:text-neutral-400">
      <ResponsiveContainer width="100%" height="100%">
        {subject === 'posts' ? (
          <BarChart data={points} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            {children}
            <Bar dataKey="count" fill={ACCENT} radius={[6, 6, 0, 0]} isAnimationActive={false} />
          </BarChart>
        ) : (
          <LineChart data={points} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
            {children}
            <Line
              dataKey="count"
              type="monotone"
              stroke={ACCENT}
              strokeWidth={2.5}
              dot={{ r: 3, fill: ACCENT }}
              isAnimationActive={false}
            />
          </LineChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}

function ChartPage({ subject }: { subject: ChartSubject }) {
  const logic = useAdminLogic();
  const thisYear = useMemo(() => new Date().getUTCFullYear(), []);
  const actor = useScreenActor(logic.chart, { input: { subject, thisYear } });
  const view = useSelector(actor, selectChartView);
  const yearFigures = useSelector(actor, selectYearFigures);
  const monthFigures = useSelector(actor, selectMonthFigures);
  const points = useMemo(() => pointsOf(view, yearFigures, monthFigures), [view, yearFigures, monthFigures]);
  const year = useSelector(actor, selectChartYear);
  const years = useSelector(actor, selectChartYears, sameYears);
  const failed = useSelector(actor, isChartFailed);
  const error = useSelector(actor, selectChartError);
  const copy = COPY[subject];
  const caption = view === 'month' ? `${copy.noun} per month in ${year}` : `${copy.noun} per year`;
  const total = points?.reduce((sum, p) => sum + p.count, 0) ?? 0;

  return (
    <section aria-labelledby="chart-title" className="flex max-w-5xl flex-col gap-5">
      <header className="flex flex-col gap-1">
        <h1 id="chart-title" className="text-2xl font-bold tracking-tight text-neutral-900 dark:text-white">
          {copy.title}
        </h1>
        <p className="text-[15px] text-neutral-600 dark:text-neutral-400">{copy.description}</p>
      </header>
      <div className="flex flex-wrap items-center gap-3">
        <ToggleButtonGroup
          aria-label="Show"
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[view]}
          onSelectionChange={(keys) => actor.send({ type: 'chart.view', view: [...keys][0] as ChartView })}
          className="flex gap-1 rounded-2xl bg-neutral-100 p-1 dark:bg-neutral-800/60"
        >
          <ToggleButton id="month" className={toggleClass}>
            By month
          </ToggleButton>
          <ToggleButton id="year" className={toggleClass}>
            By year
          </ToggleButton>
        </ToggleButtonGroup>
        {view === 'month' ? (
          <label className="flex items-center gap-2 text-sm font-medium text-neutral-800 dark:text-neutral-200">
            Year
            <select value={year} onChange={(e) => actor.send({ type: 'chart.year', year: Number(e.target.value) })} className={selectClass}>
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <figure className="flex flex-col gap-3 rounded-3xl border border-neutral-200 bg-white p-4 shadow-sm dark:border-neutral-800 dark:bg-neutral-900">
        <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
          <span className="font-semibold text-neutral-900 dark:text-white">{caption}</span>
          {points ? (
            <span className="text-sm text-neutral-600 dark:text-neutral-400">
              {formatCount(total)} {copy.unit} {view === 'month' ? `in ${year}` : 'in all'}
            </span>
          ) : null}
        </figcaption>
        {failed ? (
          <LoadError title={`Could not load ${copy.unit}`} onRetry={() => actor.send({ type: 'chart.retry' })}>
            {error}
          </LoadError>
        ) : !points ? (
          <div role="status" aria-label={`Loading ${caption.toLowerCase()}`}>
            <Skeleton className="h-72 w-full rounded-2xl sm:h-80" />
          </div>
        ) : points.length === 0 ? (
          <p className="py-12 text-center text-sm text-neutral-600 dark:text-neutral-400">No {copy.unit} yet.</p>
        ) : (
          <>
            <Chart subject={subject} points={points} />
            <table className="sr-only">
              <caption>{caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{view === 'month' ? 'Month' : 'Year'}</th>
                  <th scope="col">{copy.noun}</th>
                </tr>
              </thead>
              <tbody>
                {points.map((p) => (
                  <tr key={p.name}>
                    <th scope="row">{p.name}</th>
                    <td>{formatCount(p.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </figure>
    </section>
  );
}

/** /admin/Posts: posts per month of a chosen year (bars), or per year. */
export function PostsChartPage() {
  return <ChartPage subject="posts" />;
}

/** /admin/Users: sign-ups per month of a chosen year (a line), or per year. */
export function UsersChartPage() {
  return <ChartPage subject="users" />;
}
