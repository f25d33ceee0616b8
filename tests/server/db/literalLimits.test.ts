import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { withLiteralLimits } from '../../../server/db/literalLimits';
import { queryTemplate } from '../../../server/db/queryTemplate';

const database = new BetterSqlite3(':memory:');
database.exec('create table t (n integer not null); insert into t (n) values (1), (2), (3), (4), (5)');
const db = new Kysely<any>({ dialect: withLiteralLimits(new SqliteDialect({ database })) });
afterAll(() => db.destroy());

const numbers = (limit: number) => db.selectFrom('t').select('n').orderBy('n').limit(limit);

describe('withLiteralLimits (SQLite)', () => {
  it('writes a whole-number limit into the SQL, and each limit answers its own rows', async () => {
    expect(numbers(2).compile()).toMatchObject({ sql: 'select "n" from "t" order by "n" limit 2', parameters: [] });
    expect((await numbers(2).execute()).map((row) => row.n)).toEqual([1, 2]);
    expect((await numbers(0).execute()).map((row) => row.n)).toEqual([]);
    expect((await numbers(4).execute()).map((row) => row.n)).toEqual([1, 2, 3, 4]);
    // In a subquery too (a capped count).
    const capped = db.selectFrom(numbers(3).as('first')).select((eb) => eb.fn.countAll().as('count'));
    expect(capped.compile().sql).toContain('limit 3)');
    expect(await capped.execute()).toEqual([{ count: 3 }]);
  });

  it('leaves a template’s stand-in, an expression and anything not a whole number as parameters', async () => {
    const template = queryTemplate(
      db,
      () => 'first n',
      (_shape: null, values: { limit: number }) => numbers(values.limit),
    );
    expect(template.compile(null, { limit: 2 })).toMatchObject({ sql: 'select "n" from "t" order by "n" limit ?', parameters: [2] });
    expect((await template.execute(null, { limit: 2 })).map((row) => row.n)).toEqual([1, 2]);
    expect((await template.execute(null, { limit: 5 })).map((row) => row.n)).toEqual([1, 2, 3, 4, 5]);
    expect(
      db
        .selectFrom('t')
        .select('n')
        .limit(sql<number>`1 + 1`)
        .compile().sql,
    ).toBe('select "n" from "t" limit 1 + 1');
    expect(numbers(1.5).compile()).toMatchObject({ sql: 'select "n" from "t" order by "n" limit ?', parameters: [1.5] });
    expect(numbers(-1).compile()).toMatchObject({ sql: 'select "n" from "t" order by "n" limit ?', parameters: [-1] });
  });
});
