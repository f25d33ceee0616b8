import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { TOTAL_COUNT_MAX } from '../../src/api/constants';

/**
 * How many rows the query finds, counting no further than `max + 1`: the database stops reading
 * there, so the cost is bounded by `max` rows whatever the size of the table. A result above
 * `max` means "more than max" (see totalFields).
 */
export async function boundedCount<DB, TB extends keyof DB, O>(
  db: Kysely<DB>,
  query: SelectQueryBuilder<DB, TB, O>,
  max = TOTAL_COUNT_MAX,
): Promise<number> {
  const rows = query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`1`.as('one'))
    .limit(max + 1);
  const counted = await sql<{ count: string | number }>`select count(*) as count from (${rows}) as found`.execute(db);
  return Number(counted.rows[0]?.count ?? 0);
}
