import { sql, type Selectable, type SqlBool } from 'kysely';
import { CHAT_UNREAD_MAX, type ChatMessage, type GroupChat, type GroupMember } from '../../../src/api/chat';
import type { ReactionType } from '../../../src/api/constants';
import type { DatabaseHandle } from '../../db/database';
import { newId } from '../../db/ids';
import { queryTemplate } from '../../db/queryTemplate';
import type { ChatGroupMembersTable, ChatGroupsTable, ChatMessagesTable, UserRow } from '../../db/schema';
import { pictureOf } from '../../core/presentUser';
import { noBlockBetween } from '../../core/visibility';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface NewMessage {
  conversationId: string;
  senderId: string;
  receiverId: string | null;
  groupId: string | null;
  body: string;
  gifUrl: string;
  selectedImage: string;
  isRead: boolean;
  clientId: string | null;
  now: string;
}

type MessageRow = ChatMessagesTable & {
  sender_username: string;
  sender_avatar_color: string;
  sender_profile_picture: string;
  sender_avatar_image: string;
  receiver_username: string | null;
  receiver_avatar_color: string | null;
  receiver_profile_picture: string | null;
  receiver_avatar_image: string | null;
  group_name: string | null;
};

export type MemberRow = Selectable<ChatGroupMembersTable> & {
  username: string;
  avatar_color: string;
  profile_picture: string;
  avatar_image: string;
};

/** What a message shows of a member. */
export type Presentable = Pick<UserRow, 'username' | 'avatar_color' | 'profile_picture' | 'avatar_image'>;

function presentRow(row: MessageRow, reaction: ChatMessage['reaction']): ChatMessage {
  const withdrawn = Boolean(row.deleted_for_everyone);
  return {
    _id: row.id,
    seq: Number(row.seq),
    conversationId: row.conversation_id,
    senderId: row.sender_id,
    senderUsername: row.sender_username,
    senderAvatarColor: row.sender_avatar_color,
    senderProfilePicture: pictureOf({ profile_picture: row.sender_profile_picture, avatar_image: row.sender_avatar_image }),
    receiverId: row.receiver_id ?? '',
    receiverUsername: row.receiver_username ?? '',
    receiverAvatarColor: row.receiver_avatar_color ?? '',
    receiverProfilePicture: row.receiver_id
      ? pictureOf({ profile_picture: row.receiver_profile_picture ?? '', avatar_image: row.receiver_avatar_image ?? '' })
      : '',
    body: withdrawn ? '' : row.body,
    isRead: Boolean(row.is_read),
    gifUrl: withdrawn ? '' : row.gif_url,
    selectedImage: withdrawn ? '' : row.selected_image,
    isGroupChat: row.group_id !== null,
    groupId: row.group_id ?? '',
    groupName: row.group_name ?? '',
    reaction: withdrawn ? [] : reaction,
    deleteForEveryone: withdrawn,
    clientId: row.client_id,
    createdAt: row.created_at,
  };
}

/** A message `m` that `userId` has not deleted for themselves ("delete for me"). */
const notHiddenFor = (userId: string) =>
  sql<SqlBool>`not exists (select 1 from chat_hidden_messages as h where h.message_id = m.id and h.user_id = ${userId})`;

/** SQL of private and group chat. Messages get their seq from the conversation row, in one transaction. */
/** The chat_messages row of a new message, as inserted (and presented without reading it back). */
const messageRow = (message: NewMessage, id: string, seq: number) => ({
  id,
  conversation_id: message.conversationId,
  seq,
  sender_id: message.senderId,
  receiver_id: message.receiverId,
  group_id: message.groupId,
  body: message.body,
  gif_url: message.gifUrl,
  selected_image: message.selectedImage,
  is_read: message.isRead ? 1 : 0,
  client_id: message.clientId,
  created_at: message.now,
});

/** What `insertMessage` stored (or found stored: `duplicate`). */
export interface StoredMessage {
  id: string;
  seq: number;
  duplicate: boolean;
  /** A reply marked something the receiver had sent read. */
  hadUnread: boolean;
  /** A reply's receiver: their unread messages in the conversation with this one, up to CHAT_UNREAD_MAX. */
  receiverUnread: number;
}

export function createChatStore(database: DatabaseHandle) {
  const { db } = database;
  const ordered = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

  // Every message runs these: compiled once each (db/queryTemplate.ts), not built on every send.
  /** A block between a and b, either way. */
  const blockBetween = (values: { a: string; b: string }) =>
    db
      .selectFrom('blocks')
      .select('blocker_id')
      .where((eb) =>
        eb.or([
          eb.and([eb('blocker_id', '=', values.a), eb('blocked_id', '=', values.b)]),
          eb.and([eb('blocker_id', '=', values.b), eb('blocked_id', '=', values.a)]),
        ]),
      )
      .limit(1);
  /**
   * What a one-to-one send reads before it writes, in one statement: both members, a block between
   * them, their conversation (null until the first message), whether the receiver has it open, and
   * the receiver's "messages" notification setting (no profile row: on).
   */
  const pairTemplate = queryTemplate(
    db,
    () => 'sender and receiver',
    (_shape: null, values: { senderId: string; receiverId: string; one: string; two: string }) =>
      db
        .selectFrom('users')
        .select(['id', 'username', 'avatar_color', 'profile_picture', 'avatar_image'])
        .select((eb) => [
          eb.exists(blockBetween({ a: values.senderId, b: values.receiverId })).as('blocked'),
          eb
            .selectFrom('chat_conversations')
            .select('chat_conversations.id')
            .where('user_one', '=', values.one)
            .where('user_two', '=', values.two)
            .as('conversation_id'),
          eb
            .exists(
              eb
                .selectFrom('chat_viewers')
                .select('chat_viewers.user_id')
                .where('chat_viewers.user_id', '=', values.receiverId)
                .where('chat_viewers.other_id', '=', values.senderId),
            )
            .as('receiver_viewing'),
          eb
            .selectFrom('user_profiles')
            .select('user_profiles.notify_messages')
            .whereRef('user_profiles.user_id', '=', 'users.id')
            .as('notify_messages'),
        ])
        .where('id', 'in', [values.senderId, values.receiverId]),
  );
  const blockTemplate = queryTemplate(
    db,
    () => 'block between',
    (_shape: null, values: { a: string; b: string }) => blockBetween(values),
  );
  const conversationTemplate = queryTemplate(
    db,
    () => 'private conversation',
    (_shape: null, values: { one: string; two: string }) =>
      db.selectFrom('chat_conversations').select('id').where('user_one', '=', values.one).where('user_two', '=', values.two),
  );
  /** The conversation's next seq, taken under its row lock (every send's first statement). */
  const bumpSeq = (values: { id: string; now: string }) =>
    db
      .updateTable('chat_conversations')
      .set((eb) => ({ last_seq: eb('last_seq', '+', 1), last_message_at: values.now }))
      .where('id', '=', values.id);
  const bumpTemplate = queryTemplate(
    db,
    () => 'bump seq',
    (_shape: null, values: { id: string; now: string }) => bumpSeq(values).returning('last_seq'),
  );
  const insertTemplate = queryTemplate(
    db,
    () => 'insert message',
    (_shape: null, values: Omit<ChatMessagesTable, 'seq' | 'is_read' | 'deleted_for_everyone'> & { seq: number; is_read: number }) =>
      db.insertInto('chat_messages').values({
        id: values.id,
        conversation_id: values.conversation_id,
        seq: values.seq,
        sender_id: values.sender_id,
        receiver_id: values.receiver_id,
        group_id: values.group_id,
        body: values.body,
        gif_url: values.gif_url,
        selected_image: values.selected_image,
        is_read: values.is_read,
        deleted_for_everyone: 0,
        client_id: values.client_id,
        created_at: values.created_at,
      }),
  );

  /**
   * CHAT_UNREAD_MAX written into the SQL: SQLite re-prepares a statement before every run when its
   * LIMIT is a bound parameter, and this count runs for every send and every row of the chat list
   * (10 us bound, 2.7 us written; the same plan, a seek on chat_messages_unread_idx).
   */
  const UNREAD_CAP = sql.lit(CHAT_UNREAD_MAX);
  /** The messages of one private conversation `userId` has not read (chat_messages_unread_idx: a range of them alone). */
  const unreadRows = (values: { conversationId: string; userId: string }) =>
    db
      .selectFrom('chat_messages')
      .select('id')
      .where('receiver_id', '=', values.userId)
      .where('is_read', '=', 0)
      .where('conversation_id', '=', values.conversationId)
      .where('deleted_for_everyone', '=', 0);
  const markReadTemplate = queryTemplate(
    db,
    () => 'mark read',
    (_shape: null, values: { conversationId: string; readerId: string }) =>
      db
        .updateTable('chat_messages')
        .set({ is_read: 1 })
        .where('conversation_id', '=', values.conversationId)
        .where('receiver_id', '=', values.readerId)
        .where('is_read', '=', 0),
  );

  /**
   * A private send's bump, inside its transaction, with what the rest of it needs to know, read under
   * the transaction's own lock: the receiver's unread messages there before this one (up to
   * CHAT_UNREAD_MAX: their list's count once it arrives) and whether the sender has any from the
   * receiver (only then is an answer's mark-read written).
   */
  const replyBumpTemplate = queryTemplate(
    db,
    () => 'bump seq of a reply',
    (_shape: null, values: { id: string; now: string; senderId: string; receiverId: string }) =>
      bumpSeq(values).returning((eb) => [
        'last_seq',
        eb
          .selectFrom(unreadRows({ conversationId: values.id, userId: values.receiverId }).limit(UNREAD_CAP).as('unread'))
          .select((inner) => inner.fn.countAll().as('count'))
          .as('receiver_unread'),
        eb
          .exists(
            eb
              .selectFrom('chat_messages')
              .select('chat_messages.id')
              .where('chat_messages.conversation_id', '=', values.id)
              .where('chat_messages.receiver_id', '=', values.senderId)
              .where('chat_messages.is_read', '=', 0),
          )
          .as('sender_unread'),
      ]),
  );

  // Every group send runs these too (the sender, then the sender's own unread count).
  const groupSenderTemplate = queryTemplate(
    db,
    () => 'group sender',
    (_shape: null, values: { groupId: string; userId: string }) =>
      db
        .selectFrom('chat_group_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .innerJoin('chat_groups as g', 'g.id', 'm.group_id')
        .select(['m.state', 'u.username', 'u.avatar_color', 'u.profile_picture', 'u.avatar_image', 'g.name as group_name'])
        .where('m.group_id', '=', values.groupId)
        .where('m.user_id', '=', values.userId),
  );
  /** The group's messages `userId` has not read (after their last read seq; none of a member in a block with them, none hidden or withdrawn). */
  const groupUnreadRows = (values: { groupId: string; userId: string }) =>
    db
      .selectFrom('chat_messages as m')
      .innerJoin('chat_group_members as g', (join) =>
        join.onRef('g.group_id', '=', 'm.conversation_id').on('g.user_id', '=', values.userId),
      )
      .select('m.id')
      .where('m.conversation_id', '=', values.groupId)
      .whereRef('m.seq', '>', 'g.last_read_seq')
      .where('m.sender_id', '<>', values.userId)
      .where('m.deleted_for_everyone', '=', 0)
      .where(notHiddenFor(values.userId))
      .where(noBlockBetween({ id: values.userId, isAdmin: false }, 'm.sender_id'));

  /**
   * A group's messages after what `userId` has read, counted up to CHAT_UNREAD_MAX as a private
   * conversation's are (the list shows "99+"): a member back in a busy group after a month costs its
   * list, its badge and its next send a hundred rows, not every message they missed.
   */
  const groupUnreadTemplate = queryTemplate(
    db,
    () => 'group unread',
    (_shape: null, values: { groupId: string; userId: string }) =>
      db.selectFrom(groupUnreadRows(values).limit(CHAT_UNREAD_MAX).as('unread')).select((eb) => eb.fn.countAll().as('count')),
  );
  const messageQuery = () =>
    db
      .selectFrom('chat_messages as m')
      .innerJoin('users as s', 's.id', 'm.sender_id')
      .leftJoin('users as r', 'r.id', 'm.receiver_id')
      .leftJoin('chat_groups as g', 'g.id', 'm.group_id')
      .selectAll('m')
      .select([
        's.username as sender_username',
        's.avatar_color as sender_avatar_color',
        's.profile_picture as sender_profile_picture',
        's.avatar_image as sender_avatar_image',
        'r.username as receiver_username',
        'r.avatar_color as receiver_avatar_color',
        'r.profile_picture as receiver_profile_picture',
        'r.avatar_image as receiver_avatar_image',
        'g.name as group_name',
      ]);

  /** A private conversation's row in `userId`'s chat list: its newest message they still see, and their unread count there. */
  const listRowTemplate = queryTemplate(
    db,
    () => 'chat list row',
    (_shape: null, values: { conversationId: string; userId: string }) =>
      messageQuery()
        .select((eb) =>
          eb
            .selectFrom(unreadRows(values).limit(UNREAD_CAP).as('unread'))
            .select((inner) => inner.fn.countAll().as('count'))
            .as('unread_count'),
        )
        .where('m.conversation_id', '=', values.conversationId)
        .where(notHiddenFor(values.userId))
        .orderBy('m.seq', 'desc')
        .limit(1),
  );

  async function present(rows: MessageRow[]): Promise<ChatMessage[]> {
    if (rows.length === 0) return [];
    const reactions = await db
      .selectFrom('chat_reactions')
      .innerJoin('users', 'users.id', 'chat_reactions.user_id')
      .select(['chat_reactions.message_id', 'chat_reactions.user_id', 'chat_reactions.type', 'users.username'])
      .where(
        'chat_reactions.message_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('chat_reactions.created_at')
      .execute();
    return rows.map((row) =>
      presentRow(
        row,
        reactions
          .filter((r) => r.message_id === row.id)
          .map((r) => ({ userId: r.user_id, senderName: r.username, type: r.type as ReactionType })),
      ),
    );
  }

  const memberByRef = (ref: string) =>
    UUID.test(ref)
      ? db.selectFrom('users').selectAll().where('id', '=', ref.toLowerCase()).executeTakeFirst()
      : db.selectFrom('users').selectAll().where('username_lower', '=', ref.toLowerCase()).executeTakeFirst();

  return {
    /** A member by id or (case-insensitive) username. */
    memberByRef,

    /**
     * The sender and the receiver, in one statement; undefined for one that does not exist. A send
     * needs both: the rules and the names the message shows.
     */
    async senderAndReceiver(senderId: string, receiverId: string) {
      const [one, two] = ordered(senderId, receiverId);
      const rows = await pairTemplate.execute(null, { senderId, receiverId, one, two });
      const receiver = rows.find((row) => row.id === receiverId);
      return {
        sender: rows.find((row) => row.id === senderId),
        receiver,
        /** A block between them, either way. */
        blocked: rows.some((row) => Boolean(row.blocked)),
        /** Their conversation, if they have written before. */
        conversationId: rows[0]?.conversation_id ?? null,
        /** The receiver has this conversation open ("add chat users"). */
        receiverViewing: Boolean(receiver?.receiver_viewing),
        /** The receiver's "messages" notification setting (a member without a profile row: on). */
        receiverNotified: receiver ? Number(receiver.notify_messages ?? 1) !== 0 : true,
      };
    },

    /** A message just stored by `insertMessage`, presented without reading it back (it has no reactions yet). */
    presentNew(
      message: NewMessage,
      stored: { id: string; seq: number },
      sender: Presentable,
      receiver: Presentable | null,
      groupName = '',
    ): ChatMessage {
      // Object.assign, not a spread: in Node 20's V8 every property added after `{...row}` makes a new
      // hidden class, so that spread cost about 11 us and several KB of garbage per message.
      return presentRow(
        Object.assign(messageRow(message, stored.id, stored.seq), {
          deleted_for_everyone: 0,
          sender_username: sender.username,
          sender_avatar_color: sender.avatar_color,
          sender_profile_picture: sender.profile_picture,
          sender_avatar_image: sender.avatar_image,
          receiver_username: receiver?.username ?? null,
          receiver_avatar_color: receiver?.avatar_color ?? null,
          receiver_profile_picture: receiver?.profile_picture ?? null,
          receiver_avatar_image: receiver?.avatar_image ?? null,
          group_name: groupName,
        }),
        [],
      );
    },

    findPrivateConversation: (a: string, b: string) => {
      const [one, two] = ordered(a, b);
      return db.selectFrom('chat_conversations').selectAll().where('user_one', '=', one).where('user_two', '=', two).executeTakeFirst();
    },

    async privateConversation(a: string, b: string, now: string): Promise<string> {
      const [one, two] = ordered(a, b);
      const find = async () => (await conversationTemplate.execute(null, { one, two }))[0];
      // Made once per pair: every later send only reads it.
      const found = await find();
      if (found) return found.id;
      await db
        .insertInto('chat_conversations')
        .values({
          id: newId(),
          kind: 'private',
          user_one: one,
          user_two: two,
          group_id: null,
          last_seq: 0,
          last_message_at: null,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['user_one', 'user_two']).doNothing())
        .execute();
      return (await find())!.id;
    },

    conversation: (id: string) => db.selectFrom('chat_conversations').selectAll().where('id', '=', id).executeTakeFirst(),

    /**
     * Stores a message: bumps the conversation's last_seq (its row lock orders concurrent senders)
     * and inserts the message with that seq, in one transaction. A client id already used by
     * this sender returns the stored message instead (a retried send is stored once): the unique
     * index (sender_id, client_id) refuses the second row and rolls its seq back, so a first send
     * pays no look-up.
     *
     * A private message is also an answer (`reply`): in the same transaction what the receiver sent
     * the sender is marked read, so a send commits once and the sender's list never shows their own
     * message beside an unread count. The bump tells whether there is any (a send after the
     * sender's own writes none) and the receiver's unread count with this message
     * (`receiverUnread`, up to CHAT_UNREAD_MAX), read under the transaction, not after it.
     * PostgreSQL reads both in the bump's snapshot: a message committed while the bump waited for the
     * row's lock (the same sender in two tabs at once) is not counted until the next event.
     */
    async insertMessage(message: NewMessage, reply?: { receiverId: string }): Promise<StoredMessage> {
      const existing = async () =>
        message.clientId
          ? db
              .selectFrom('chat_messages')
              .select(['id', 'seq'])
              .where('sender_id', '=', message.senderId)
              .where('client_id', '=', message.clientId)
              .executeTakeFirst()
          : undefined;
      try {
        return await db.transaction().execute(async (trx) => {
          const bump = { id: message.conversationId, now: message.now };
          const id = newId();
          const insert = (seq: number) => trx.executeQuery(insertTemplate.compile(null, messageRow(message, id, seq)));
          if (!reply) {
            const bumped = (await trx.executeQuery(bumpTemplate.compile(null, bump))).rows[0];
            if (!bumped) throw new Error(`conversation ${message.conversationId} not found`);
            await insert(Number(bumped.last_seq));
            return { id, seq: Number(bumped.last_seq), duplicate: false, hadUnread: false, receiverUnread: 0 };
          }
          const values = { id: message.conversationId, now: message.now, senderId: message.senderId, receiverId: reply.receiverId };
          const bumped = (await trx.executeQuery(replyBumpTemplate.compile(null, values))).rows[0];
          if (!bumped) throw new Error(`conversation ${message.conversationId} not found`);
          const seq = Number(bumped.last_seq);
          await insert(seq);
          const receiverUnread = Math.min(CHAT_UNREAD_MAX, Number(bumped.receiver_unread ?? 0) + (message.isRead ? 0 : 1));
          if (!bumped.sender_unread) return { id, seq, duplicate: false, hadUnread: false, receiverUnread };
          const read = await trx.executeQuery(
            markReadTemplate.compile(null, { conversationId: message.conversationId, readerId: message.senderId }),
          );
          return { id, seq, duplicate: false, hadUnread: Number(read.numAffectedRows ?? 0) > 0, receiverUnread };
        });
      } catch (error) {
        const stored = await existing();
        if (stored) return { id: stored.id, seq: Number(stored.seq), duplicate: true, hadUnread: false, receiverUnread: 0 };
        throw error;
      }
    },

    async message(id: string): Promise<ChatMessage | undefined> {
      const row = await messageQuery().where('m.id', '=', id).executeTakeFirst();
      return row ? (await present([row as MessageRow]))[0] : undefined;
    },

    messageRow: (id: string) => db.selectFrom('chat_messages').selectAll().where('id', '=', id).executeTakeFirst(),

    /**
     * A page of a conversation as `viewerId` sees it (not the ones they deleted for themselves;
     * in groups, not those of members in a block with them). Always oldest first.
     */
    async messages(
      conversationId: string,
      viewerId: string,
      opts: { after?: number; before?: number; limit: number; group: boolean },
    ): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
      let query = messageQuery().where('m.conversation_id', '=', conversationId).where(notHiddenFor(viewerId));
      if (opts.group) query = query.where(noBlockBetween({ id: viewerId, isAdmin: false }, 'm.sender_id'));
      if (opts.after !== undefined) query = query.where('m.seq', '>', opts.after).orderBy('m.seq', 'asc');
      else if (opts.before !== undefined) query = query.where('m.seq', '<', opts.before).orderBy('m.seq', 'desc');
      else query = query.orderBy('m.seq', 'desc');
      const rows = (await query.limit(opts.limit + 1).execute()) as MessageRow[];
      const hasMore = rows.length > opts.limit;
      const page = rows.slice(0, opts.limit);
      if (opts.after === undefined) page.reverse();
      return { messages: await present(page), hasMore };
    },

    /** The member's private conversations with their newest visible message, newest first. */
    async conversationList(userId: string): Promise<{ message: ChatMessage; unreadCount: number; lastSeq: number }[]> {
      const conversations = await db
        .selectFrom('chat_conversations')
        .selectAll()
        .where('kind', '=', 'private')
        .where('last_seq', '>', 0)
        .where((eb) => eb.or([eb('user_one', '=', userId), eb('user_two', '=', userId)]))
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('blocks')
                .select('blocks.blocker_id')
                .where((b) =>
                  b.or([
                    b.and([
                      b('blocks.blocker_id', '=', eb.ref('chat_conversations.user_one')),
                      b('blocks.blocked_id', '=', eb.ref('chat_conversations.user_two')),
                    ]),
                    b.and([
                      b('blocks.blocker_id', '=', eb.ref('chat_conversations.user_two')),
                      b('blocks.blocked_id', '=', eb.ref('chat_conversations.user_one')),
                    ]),
                  ]),
                ),
            ),
          ),
        )
        .orderBy('last_message_at', 'desc')
        .limit(200)
        .execute();
      if (conversations.length === 0) return [];
      // One statement a conversation: its newest message the member still sees, with the member's
      // unread count there, counted per listed conversation and stopped at CHAT_UNREAD_MAX (the list
      // shows "99+"): what the member left unread elsewhere, however much, costs this list nothing.
      // The reactions of all of them are then read at once (present).
      const found: { row: MessageRow; unreadCount: number; lastSeq: number }[] = [];
      for (const conversation of conversations) {
        const [row] = (await listRowTemplate.execute(null, { conversationId: conversation.id, userId })) as (MessageRow & {
          unread_count: number | string | bigint;
        })[];
        if (row) found.push({ row, unreadCount: Number(row.unread_count), lastSeq: Number(conversation.last_seq) });
      }
      const messages = await present(found.map(({ row }) => row));
      return found.map(({ unreadCount, lastSeq }, i) => ({ message: messages[i]!, unreadCount, lastSeq }));
    },

    /**
     * Private conversations with a message to `userId` still unread, none across a block (the chat badge).
     * A skip scan over chat_messages_unread_idx (receiver, read flag, conversation): each step jumps to
     * the next conversation with an unread message, so the count costs one index seek per such
     * conversation, not a read of every message the member left unread. The sender found there is
     * the conversation's other member, whose block is checked once.
     */
    async unreadPrivateConversations(userId: string): Promise<number> {
      const { rows } = await sql<{ count: number | string }>`
        with recursive unread(conversation_id, sender_id) as (
          select cast('' as text), cast('' as text)
          union all
          select m.conversation_id, m.sender_id from unread join chat_messages m on m.id = (
            select n.id from chat_messages n
            where n.receiver_id = ${userId} and n.is_read = 0 and n.conversation_id > unread.conversation_id
              and n.group_id is null and n.deleted_for_everyone = 0
            order by n.conversation_id limit 1
          )
        )
        select count(*) as count from unread u
        where u.conversation_id <> '' and ${noBlockBetween({ id: userId, isAdmin: false }, 'u.sender_id')}`.execute(db);
      return Number(rows[0]?.count ?? 0);
    },

    async markRead(conversationId: string, readerId: string): Promise<void> {
      await db.executeQuery(markReadTemplate.compile(null, { conversationId, readerId }));
    },

    async react(messageId: string, userId: string, type: ReactionType, now: string): Promise<void> {
      await db
        .insertInto('chat_reactions')
        .values({ message_id: messageId, user_id: userId, type, created_at: now })
        .onConflict((oc) => oc.columns(['message_id', 'user_id']).doUpdateSet({ type, created_at: now }))
        .execute();
    },
    unreact: (messageId: string, userId: string) =>
      db.deleteFrom('chat_reactions').where('message_id', '=', messageId).where('user_id', '=', userId).execute(),

    hideFor: (messageId: string, userId: string) =>
      db
        .insertInto('chat_hidden_messages')
        .values({ message_id: messageId, user_id: userId })
        .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
        .execute(),

    async withdraw(messageId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('chat_messages')
          .set({ deleted_for_everyone: 1, body: '', gif_url: '', selected_image: '' })
          .where('id', '=', messageId)
          .execute();
        await trx.deleteFrom('chat_reactions').where('message_id', '=', messageId).execute();
      });
    },

    setViewing: async (userId: string, otherId: string, viewing: boolean, now: string) => {
      if (viewing) {
        await db
          .insertInto('chat_viewers')
          .values({ user_id: userId, other_id: otherId, created_at: now })
          .onConflict((oc) => oc.columns(['user_id', 'other_id']).doNothing())
          .execute();
      } else {
        await db.deleteFrom('chat_viewers').where('user_id', '=', userId).where('other_id', '=', otherId).execute();
      }
    },

    /** Whether a block stands between the two, either way. */
    blockedBetween: async (a: string, b: string) => (await blockTemplate.execute(null, { a, b })).length > 0,

    /* ----- groups ----- */

    async createGroup(group: Omit<ChatGroupsTable, 'updated_at'>, invited: string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('chat_groups')
          .values({ ...group, updated_at: group.created_at })
          .execute();
        await trx
          .insertInto('chat_conversations')
          .values({
            id: group.id,
            kind: 'group',
            user_one: null,
            user_two: null,
            group_id: group.id,
            last_seq: 0,
            last_message_at: null,
            created_at: group.created_at,
          })
          .execute();
        await trx
          .insertInto('chat_group_members')
          .values([
            {
              group_id: group.id,
              user_id: group.created_by,
              state: 'accepted',
              role: 'admin',
              joined_by: 'creator',
              invited_by: null,
              joined_at: group.created_at,
            },
            ...invited.map((userId) => ({
              group_id: group.id,
              user_id: userId,
              state: 'pending' as const,
              role: 'member' as const,
              joined_by: 'invited' as const,
              invited_by: group.created_by,
              joined_at: group.created_at,
            })),
          ])
          .execute();
      });
    },

    async invite(groupId: string, invitedBy: string, userIds: string[], now: string): Promise<void> {
      if (userIds.length === 0) return;
      await db
        .insertInto('chat_group_members')
        .values(
          userIds.map((userId) => ({
            group_id: groupId,
            user_id: userId,
            state: 'pending' as const,
            role: 'member' as const,
            joined_by: 'invited' as const,
            invited_by: invitedBy,
            joined_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
        .execute();
    },

    groupRow: (groupId: string) => db.selectFrom('chat_groups').selectAll().where('id', '=', groupId).executeTakeFirst(),

    /** The sending member of a group: their membership, what a message shows of them, and the group's name. */
    groupSender: async (groupId: string, userId: string) => (await groupSenderTemplate.execute(null, { groupId, userId }))[0],

    /** Ids of a group's members in this state (no names: an audience, not a list to show). */
    groupIdsOfMembers: async (groupId: string, state: 'pending' | 'accepted') =>
      (
        await db.selectFrom('chat_group_members').select('user_id').where('group_id', '=', groupId).where('state', '=', state).execute()
      ).map((row) => row.user_id),

    membership: (groupId: string, userId: string) =>
      db.selectFrom('chat_group_members').selectAll().where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst(),

    members: (groupId: string): Promise<MemberRow[]> =>
      db
        .selectFrom('chat_group_members')
        .innerJoin('users', 'users.id', 'chat_group_members.user_id')
        .selectAll('chat_group_members')
        .select(['users.username', 'users.avatar_color', 'users.profile_picture', 'users.avatar_image'])
        .where('chat_group_members.group_id', '=', groupId)
        .orderBy('chat_group_members.joined_at')
        .orderBy('users.username')
        .execute(),

    /** Group messages after what the member has read: from others, not hidden for them, not withdrawn, none across a block. */
    async groupUnread(groupId: string, userId: string): Promise<number> {
      const [row] = await groupUnreadTemplate.execute(null, { groupId, userId });
      return Number(row!.count);
    },

    /** The member has read the group up to `seq` (never backwards, never past its newest message). */
    markGroupRead: (groupId: string, userId: string, seq: number, lastSeq: number) =>
      db
        .updateTable('chat_group_members')
        .set({ last_read_seq: Math.min(seq, lastSeq) })
        .where('group_id', '=', groupId)
        .where('user_id', '=', userId)
        .where('last_read_seq', '<', Math.min(seq, lastSeq))
        .execute(),

    groupIdsOf: async (userId: string, state: 'pending' | 'accepted') =>
      (await db.selectFrom('chat_group_members').select('group_id').where('user_id', '=', userId).where('state', '=', state).execute()).map(
        (row) => row.group_id,
      ),

    updateGroup: (
      groupId: string,
      changes: Partial<Pick<ChatGroupsTable, 'name' | 'description' | 'privacy' | 'profile_image'>>,
      now: string,
    ) =>
      db
        .updateTable('chat_groups')
        .set({ ...changes, updated_at: now })
        .where('id', '=', groupId)
        .execute(),

    setMember: (groupId: string, userId: string, changes: Partial<Pick<ChatGroupMembersTable, 'state' | 'role' | 'joined_at'>>) =>
      db.updateTable('chat_group_members').set(changes).where('group_id', '=', groupId).where('user_id', '=', userId).execute(),

    removeMember: (groupId: string, userId: string) =>
      db.deleteFrom('chat_group_members').where('group_id', '=', groupId).where('user_id', '=', userId).execute(),

    deleteGroup: (groupId: string) => db.deleteFrom('chat_groups').where('id', '=', groupId).execute(),

    async presentGroup(groupId: string): Promise<GroupChat | null> {
      const group = await db.selectFrom('chat_groups').selectAll().where('id', '=', groupId).executeTakeFirst();
      if (!group) return null;
      const [members, conversation] = await Promise.all([
        this.members(groupId),
        db.selectFrom('chat_conversations').select('last_seq').where('id', '=', groupId).executeTakeFirst(),
      ]);
      return {
        _id: group.id,
        name: group.name,
        description: group.description,
        privacy: group.privacy,
        profileImage: group.profile_image,
        createdBy: group.created_by,
        members: members.map((m): GroupMember => ({
          userId: m.user_id,
          username: m.username,
          avatarColor: m.avatar_color,
          profilePicture: pictureOf(m),
          state: m.state,
          role: m.role,
          joinedBy: m.joined_by,
          invitedBy: m.invited_by,
          joinedAt: m.joined_at,
        })),
        admins: members.filter((m) => m.role === 'admin' && m.state === 'accepted').map((m) => m.user_id),
        lastSeq: Number(conversation?.last_seq ?? 0),
        createdAt: group.created_at,
        updatedAt: group.updated_at,
      };
    },

    /** Of the given members, those in a block with `userId`. */
    blockedAmong: async (userId: string, others: string[]) => {
      if (others.length === 0) return [];
      const rows = await db
        .selectFrom('blocks')
        .select(['blocker_id', 'blocked_id'])
        .where((eb) =>
          eb.or([
            eb.and([eb('blocker_id', '=', userId), eb('blocked_id', 'in', others)]),
            eb.and([eb('blocked_id', '=', userId), eb('blocker_id', 'in', others)]),
          ]),
        )
        .execute();
      return [...new Set(rows.map((row) => (row.blocker_id === userId ? row.blocked_id : row.blocker_id)))];
    },

    existingUsers: async (ids: string[]) =>
      ids.length === 0 ? [] : (await db.selectFrom('users').select('id').where('id', 'in', ids).execute()).map((row) => row.id),
  };
}

export type ChatStore = ReturnType<typeof createChatStore>;
