import { sql } from 'kysely';
import type { PerMonth, PerYear, PostStatistic, UserStatistic } from '../../../src/api/moderation';
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
 */
export function createStatistics(deps: { database: DatabaseHandle; clock: Clock }) {
  const { db } = deps.database;
  const today = () => deps.clock.now().toISOString().slice(0, 10);
  const thisYear = () => deps.clock.now().getUTCFullYear();

  async function total(kind: Kind): Promise<number> {
    const row = await db
      .selectFrom('daily_counts')
      .select(sql<string | number | null>`sum(n)`.as('n'))
      .where('kind', '=', kind)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async function onDay(kind: Kind, day: string): Promise<number> {
    const row = await db.selectFrom('daily_counts').select('n').where('kind', '=', kind).where('day', '=', day).executeTakeFirst();
    return Number(row?.n ?? 0);
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
    const month = sql<string>`substr(day, 6, 2)`;
    const rows = await db
      .selectFrom('daily_counts')
      .select([month.as('month'), sql<string | number>`sum(n)`.as('n')])
      .where('kind', '=', kind)
      .where('day', '>=', `${year}-01-01`)
      .where('day', '<', `${year + 1}-01-01`)
      .groupBy(month)
      .execute();
    const counts = new Map(rows.map((row) => [Number(row.month), Number(row.n)]));
    return { year, months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, count: counts.get(i + 1) ?? 0 })) };
  }

  /** Every UTC year from the first with data to this one (or the last with data, if later), oldest first. */
  async function perYear(kind: Kind): Promise<PerYear> {
    const year = sql<string>`substr(day, 1, 4)`;
    const rows = await db
      .selectFrom('daily_counts')
      .select([year.as('year'), sql<string | number>`sum(n)`.as('n')])
      .where('kind', '=', kind)
      .groupBy(year)
      .execute();
    const counts = new Map(rows.map((row) => [Number(row.year), Number(row.n)]));
    const now = thisYear();
    const years = [...counts.keys()];
    const first = Math.min(now, ...years);
    const last = Math.max(now, ...years);
    return { years: Array.from({ length: last - first + 1 }, (_, i) => ({ year: first + i, count: counts.get(first + i) ?? 0 })) };
  }

  return {
    thisYear,
    newUsersToday: () => onDay('users', today()),
    usersTotal: () => total('users'),
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
    postsPerYear: () => perYear('posts'),
  };
}

export type Statistics = ReturnType<typeof createStatistics>;
