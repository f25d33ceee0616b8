import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle, type QueryListener } from '../../../server/db/database';

let handle: DatabaseHandle | undefined;
let dir: string | undefined;
afterEach(async () => {
  await handle?.destroy();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
  handle = dir = undefined;
});

describe("the database's query listeners (the metrics)", () => {
  it('hear each statement once it ends, failed ones as failed, and nothing once they stop', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stoa-observers-'));
    handle = await openDatabase({ kind: 'sqlite', file: path.join(dir, 'stoa.db'), synchronous: 'normal' });
    const heard: Parameters<QueryListener>[0][] = [];
    await sql`create table t (id integer primary key)`.execute(handle.db);
    // Nobody listens yet: nothing is timed.
    await sql`insert into t (id) values (1)`.execute(handle.db);

    const stop = handle.observeQueries!((query) => heard.push(query));
    await handle.db
      .selectFrom('users')
      .select('id')
      .execute()
      .catch(() => undefined);
    await sql`select id from t`.execute(handle.db);
    await expect(sql`insert into t (id) values (1)`.execute(handle.db)).rejects.toThrow(/UNIQUE/);
    stop();
    await sql`select id from t`.execute(handle.db);

    expect(heard.map(({ nodeKind, failed }) => ({ nodeKind, failed }))).toEqual([
      { nodeKind: 'SelectQueryNode', failed: true },
      { nodeKind: 'RawNode', failed: false },
      { nodeKind: 'RawNode', failed: true },
    ]);
    for (const query of heard) expect(query.ms).toBeGreaterThanOrEqual(0);
  });
});
