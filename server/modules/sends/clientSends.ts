import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../../db/database';
import type { ClientSendsTable, Database } from '../../db/schema';
import { HttpError } from '../../http/httpError';

export type SendKind = ClientSendsTable['kind'];

/** One member's send of one kind under a client-made id (docs/api.md, "Idempotent sends"). */
export interface SendKey {
  authorId: string;
  kind: SendKind;
  clientId: string;
}

/** Records the key for the item in the item's own transaction; throws AlreadySent when it is taken. */
export type Claim = (trx: Kysely<Database>, itemId: string, now: string) => Promise<void>;

/** The key was taken by an earlier (or concurrent) send: the transaction rolls back, the first item answers. */
export class AlreadySent extends Error {
  constructor(readonly itemId: string) {
    super('Already sent');
    this.name = 'AlreadySent';
  }
}

/** A retry whose first item was deleted since (or its author no longer sees it): nothing is stored again. */
export const noLongerAvailable = (what: 'Post' | 'Question' | 'Comment' | 'Answer') =>
  new HttpError(410, `This ${what.toLowerCase()} was sent before and is no longer available`);

export function createClientSends(database: DatabaseHandle) {
  const { db } = database;

  const find = async (key: SendKey, on: Kysely<Database> = db): Promise<string | undefined> =>
    (
      await on
        .selectFrom('client_sends')
        .select('item_id')
        .where('author_id', '=', key.authorId)
        .where('kind', '=', key.kind)
        .where('client_id', '=', key.clientId)
        .executeTakeFirst()
    )?.item_id;

  /**
   * On PostgreSQL a concurrent insert of the same key waits for the first transaction: after its
   * commit it inserts nothing and reads the first item; SQLite runs one writer at a time anyway.
   */
  const claim = async (trx: Kysely<Database>, key: SendKey, itemId: string, now: string): Promise<void> => {
    const inserted = await trx
      .insertInto('client_sends')
      .values({ author_id: key.authorId, kind: key.kind, client_id: key.clientId, item_id: itemId, created_at: now })
      .onConflict((oc) => oc.columns(['author_id', 'kind', 'client_id']).doNothing())
      .returning('item_id')
      .executeTakeFirst();
    if (inserted) return;
    throw new AlreadySent((await find(key, trx)) ?? itemId);
  };

  return {
    /**
     * Stores at most once per key. Without a key, `store` runs as always. With one, an earlier
     * send's item answers through `replay` (as it is now); otherwise `store` runs with a claim for
     * its transaction, and if a concurrent send claimed the key first, that one's item answers.
     */
    async once<T>(key: SendKey | null, store: (claim: Claim | null) => Promise<T>, replay: (itemId: string) => Promise<T>): Promise<T> {
      if (!key) return store(null);
      const first = await find(key);
      if (first) return replay(first);
      try {
        return await store((trx, itemId, now) => claim(trx, key, itemId, now));
      } catch (error) {
        if (error instanceof AlreadySent) return replay(error.itemId);
        throw error;
      }
    },
  };
}

export type ClientSends = ReturnType<typeof createClientSends>;
