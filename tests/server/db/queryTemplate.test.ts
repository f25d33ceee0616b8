import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db/database';
import { queryTemplate } from '../../../server/db/queryTemplate';
import type { PageMode } from '../../../server/core/paging';
import { createPostStore, type PageShape, type PageValues } from '../../../server/modules/posts/store';

const sqlite = new Kysely<any>({ dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }) });
// Compiling needs no connection: the pool is never used.
const postgres = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ max: 1 }) }) });
afterAll(async () => {
  await sqlite.destroy();
  await postgres.destroy();
});

describe('queryTemplate', () => {
  it('builds once per shape and puts each call’s values where the stand-ins were', async () => {
    let builds = 0;
    const template = queryTemplate(
      sqlite,
      (shape: { older: boolean }) => String(shape.older),
      (shape, values: { n: number; limit: number; label: string }) => {
        builds += 1;
        const query = sqlite.selectNoFrom([
          sql<number>`${values.n} * 2`.as('twice'),
          sql<string>`${values.label} || '!'`.as('shout'),
          sql<string>`${'fixed'}`.as('fixed'),
        ]);
        return shape.older ? query.where(sql<boolean>`${values.n} > 0`).limit(values.limit) : query.limit(values.limit);
      },
    );
    expect(await template.execute({ older: true }, { n: 21, limit: 5, label: 'hi' })).toEqual([
      { twice: 42, shout: 'hi!', fixed: 'fixed' },
    ]);
    expect(await template.execute({ older: true }, { n: -1, limit: 5, label: 'x' })).toEqual([]);
    expect(await template.execute({ older: false }, { n: 2, limit: 1, label: 'b' })).toEqual([{ twice: 4, shout: 'b!', fixed: 'fixed' }]);
    expect(await template.execute({ older: false }, { n: 3, limit: 0, label: 'c' })).toEqual([]);
    expect(builds).toBe(2);
  });
});

describe('the posts page query as a template', () => {
  const modes: PageMode[] = ['page', 'cursor', 'since'];
  const flags = [false, true];
  const shapes: PageShape[] = [];
  for (const isAdmin of flags)
    for (const kind of flags)
      for (const userId of flags)
        for (const media of ['none', 'image', 'video'] as const)
          for (const groupId of flags)
            for (const groupStatus of flags)
              for (const mode of modes)
                for (const size of [10, 3])
                  shapes.push({
                    isAdmin,
                    kind,
                    userId,
                    withImage: media === 'image',
                    withVideo: media === 'video',
                    groupId,
                    groupStatus,
                    mode,
                    size,
                  });

  const values = (i: number): PageValues => ({
    viewerId: `viewer-${i}`,
    kind: i % 2 ? 'post' : 'question',
    userId: `user-${i}`,
    groupId: `group-${i}`,
    groupStatus: i % 3 ? 'accepted' : 'pending',
    createdAt: `2026-11-${String((i % 28) + 1).padStart(2, '0')}T10:00:00.000Z`,
    id: `post-${i}`,
    offset: i * 10,
  });

  for (const [name, db] of [
    ['SQLite', sqlite],
    ['PostgreSQL', postgres],
  ] as const) {
    it(`compiles to the very SQL and parameters of building it directly, for every shape (${name})`, () => {
      const handle = { db, dialect: name === 'SQLite' ? 'sqlite' : 'postgres', destroy: async () => {} } as DatabaseHandle;
      const { pageQuery } = createPostStore(handle);
      shapes.forEach((shape, i) => {
        for (const v of [values(i), values(i + 1000)]) {
          const templated = pageQuery.compile(shape, v);
          const direct = pageQuery.compileDirectly(shape, v);
          expect(templated.sql).toBe(direct.sql);
          expect(templated.parameters).toEqual(direct.parameters);
        }
      });
      expect(shapes.length).toBe(2 * 2 * 2 * 3 * 2 * 2 * 3 * 2);
    });
  }
});
