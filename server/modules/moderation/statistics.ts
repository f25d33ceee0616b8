import { sql } from 'kysely';
import type { LastMonths, PerMonth, PerYear, PostStatistic, UserStatistic } from '../../../src/api/moderation';
import type { Clock } from '../../clock';
import type { DatabaseHandle } from '../../db/database';
import type { DailyCountsTable } from '../../db/schema';

type Kind = DailyCountsTable['kind'];

/**
 * The admin statistics, from `daily_counts` (members and posts created per UTC day, kept by
 * triggers in the writing transaction: migration 0010_moderation) aggregated by SQL on both
 * dialects; "today" and "this year" come from the app's clock. A request reads at most one row
 * per day of the site's life, never the members or posts themselves. Banned members and hidden
 * posts are counts over small partial indexes.
 *
 * Member figures leave the admin accounts out: `daily_counts` counts every account, so each member
 * figure subtracts the admins' own join days, read through the partial index `users_admins_idx`
 * (migration 0015: a handful of rows). Promoting or removing an admin needs no counter change.
 * The members list's total (`accountsTotal`) counts every account, as the list shows admins too.
 */
export function createStatistics(deps: { database: DatabaseHandle; clock: Clock }) {
  const { db } = deps.database;
  const today = () => deps.clock.now().toISOString().slice(0, 10);
  const thisYear = () => deps.clock.now().getUTCFullYear();

  /** The UTC join days of the admin accounts (a handful of rows, by the partial index). */
  async function adminDays(): Promise<string[]> {
    const rows = await db.selectFrom('users').select('created_at').where('role', '=', 'ADMIN').execute();
    return rows.map((row) => row.created_at.slice(0, 10));
  }
  /** How many admins joined on days for which `matches` holds (0 for posts). */
  async function admins(kind: Kind, matches: (day: string) => boolean = () => true): Promise<number> {
    if (kind !== 'users') return 0;
    return (await adminDays()).filter(matches).length;
  }

  async function allRows(kind: Kind): Promise<number> {
    const row = await db
      .selectFrom('daily_counts')
      .select(sql<string | number | null>`sum(n)`.as('n'))
      .where('kind', '=', kind)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async function total(kind: Kind): Promise<number> {
    const [n, left] = await Promise.all([allRows(kind), admins(kind)]);
    return n - left;
  }

  async function onDay(kind: Kind, day: string): Promise<number> {
    const [row, left] = await Promise.all([
      db.selectFrom('daily_counts').select('n').where('kind', '=', kind).where('day', '=', day).executeTakeFirst(),
      admins(kind, (d) => d === day),
    ]);
    return Number(row?.n ?? 0) - left;
  }

  /** Counts by `prefix(day)` (a month 'YYYY-MM' or a year 'YYYY') from `from` on, admins left out. */
  async function grouped(kind: Kind, length: 4 | 7, from: string, to: string): Promise<Map<string, number>> {
    const key = sql<string>`substr(day, 1, ${sql.lit(length)})`;
    const [rows, days] = await Promise.all([
      db
        .selectFrom('daily_counts')
        .select([key.as('key'), sql<string | number>`sum(n)`.as('n')])
        .where('kind', '=', kind)
        .where('day', '>=', from)
        .where('day', '<', to)
        .groupBy(key)
        .execute(),
      kind === 'users' ? adminDays() : Promise.resolve([]),
    ]);
    const counts = new Map(rows.map((row) => [row.key, Number(row.n)]));
    for (const day of days) {
      if (day < from || day >= to) continue;
      const k = day.slice(0, length);
      counts.set(k, (counts.get(k) ?? 0) - 1);
    }
    return counts;
  }

  async function bannedUsers(): Promise<number> {
    const row = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('is_banned', '=', sql.lit(1))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function hiddenPosts(): Promise<number> {
    const row = await db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('hidden', '=', sql.lit(1))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Twelve UTC months of `year`, January first, zeros included. */
  async function perMonth(kind: Kind, year: number): Promise<PerMonth> {
    const counts = await grouped(kind, 7, `${year}-01-01`, `${year + 1}-01-01`);
    const key = (month: number) => `${year}-${String(month).padStart(2, '0')}`;
    return { year, months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, count: counts.get(key(i + 1)) ?? 0 })) };
  }

  /** Every UTC year from the first with data to this one (or the last with data, if later), oldest first. */
  async function perYear(kind: Kind): Promise<PerYear> {
    const counts = await grouped(kind, 4, '0000', '9999');
    const now = thisYear();
    const years = [...counts.keys()].map(Number);
    const first = Math.min(now, ...years);
    const last = Math.max(now, ...years);
    return { years: Array.from({ length: last - first + 1 }, (_, i) => ({ year: first + i, count: counts.get(String(first + i)) ?? 0 })) };
  }

  /** The last twelve UTC months, this one last, zeros included: at most 366 daily rows. */
  async function lastMonths(kind: Kind): Promise<LastMonths> {
    const now = deps.clock.now();
    const months = Array.from({ length: 12 }, (_, i) => {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1));
      return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
    });
    const key = ({ year, month }: { year: number; month: number }) => `${year}-${String(month).padStart(2, '0')}`;
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
    const counts = await grouped(kind, 7, `${key(months[0])}-01`, next);
    return months.map((m) => ({ ...m, count: counts.get(key(m)) ?? 0 }));
  }

  return {
    thisYear,
    newUsersToday: () => onDay('users', today()),
    /** Every account, admins included: the members list's total (the list shows admins too). */
    accountsTotal: () => allRows('users'),
    postsTotal: () => total('posts'),
    bannedUsers,
    hiddenPosts,
    async users(): Promise<UserStatistic> {
      const [totalUsers, newUsersToday, banned] = await Promise.all([total('users'), onDay('users', today()), bannedUsers()]);
      return { totalUsers, newUsersToday, bannedUsers: banned };
    },
    async posts(): Promise<PostStatistic> {
      const [totalPosts, postsToday, hidden] = await Promise.all([total('posts'), onDay('posts', today()), hiddenPosts()]);
      return { totalPosts, postsToday, hiddenPosts: hidden };
    },
    usersPerMonth: (year: number) => perMonth('users', year),
    postsPerMonth: (year: number) => perMonth('posts', year),
    usersPerYear: () => perYear('users'),
    usersLastMonths: () => lastMonths('users'),
    postsLastMonths: () => lastMonths('posts'),
    postsPerYear: () => perYear('posts'),
  };
}

export type Statistics = ReturnType<typeof createStatistics>;
