import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from '../../../server/db/statementCache';

let opened: BetterSqlite3.Database[] = [];
afterEach(() => {
  for (const db of opened) if (db.open) db.close();
  opened = [];
});

/** The same database seen plainly and through the cache. */
function both() {
  const plain = new BetterSqlite3(':memory:');
  opened.push(plain);
  plain.exec(`
    create table a (id integer primary key, name text, "we""ird name" text, blob_col blob, n real);
    create table b (id integer primary key, a_id integer, name text);
    insert into a values (1, 'one', 'q"uote', x'0102', 1.5), (2, null, '', null, -2);
    insert into b values (10, 1, 'b-one'), (11, 2, 'b-two');
  `);
  return { plain, cached: withStatementCache(plain) };
}

const queries: [string, unknown[]][] = [
  ['select * from a order by id', []],
  ['select * from a where id = ?', [2]],
  ['select a.*, b.* from a join b on b.a_id = a.id order by a.id', []],
  ['select a.name, b.name from a join b on b.a_id = a.id', []],
  ['select 1 as "__proto__", 2 as x', []],
  ['select * from a where id > ?', [99]],
  ['select count(*) as c, max(n) as m from a', []],
];

describe('the statement cache', () => {
  it('gives the very rows better-sqlite3 gives, duplicate and odd column names included', () => {
    const { plain, cached } = both();
    for (const [sql, parameters] of queries) {
      const expected = plain.prepare(sql).all(parameters);
      for (let i = 0; i < 2; i++) {
        const rows = cached.prepare(sql).all(parameters) as Record<string, unknown>[];
        expect(rows).toEqual(expected);
        rows.forEach((row, r) => expect(Object.keys(row)).toEqual(Object.keys(expected[r] as object)));
      }
      expect([...cached.prepare(sql).iterate(parameters)]).toEqual(expected);
    }
    const proto = cached.prepare('select 1 as "__proto__", 2 as x').all([])[0] as object;
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
  });

  it('keeps statements, and writes still report their changes', () => {
    const { cached } = both();
    expect(cached.prepare('select * from a')).toBe(cached.prepare('select * from a'));
    const insert = cached.prepare('insert into a (id, name) values (?, ?)');
    expect(insert.reader).toBe(false);
    expect(insert.run([3, 'three'])).toMatchObject({ changes: 1 });
    expect(cached.prepare('select name from a where id = ?').all([3])).toEqual([{ name: 'three' }]);
  });

  it('follows a schema change made through it (select * grows a column)', () => {
    const { plain, cached } = both();
    const before = cached.prepare('select * from b order by id').all([]);
    expect(Object.keys(before[0] as object)).toEqual(['id', 'a_id', 'name']);
    cached.prepare("alter table b add column extra text default 'x'").run([]);
    const after = cached.prepare('select * from b order by id').all([]);
    expect(after).toEqual(plain.prepare('select * from b order by id').all());
    expect(Object.keys(after[0] as object)).toEqual(['id', 'a_id', 'name', 'extra']);
  });
});
