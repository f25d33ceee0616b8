import type { NotificationType } from '../../../src/api/users';
import type { DatabaseHandle } from '../../db/database';
import { queryTemplate } from '../../db/queryTemplate';
import type { UserProfilesTable } from '../../db/schema';

const COLUMNS = {
  messages: 'notify_messages',
  follows: 'notify_follows',
  reactions: 'notify_reactions',
  comments: 'notify_comments',
} as const satisfies Record<NotificationType, keyof UserProfilesTable>;

/** Well under SQLite's and PostgreSQL's bound-parameter limits, whatever the size of a group. */
const CHUNK = 1000;

/**
 * The read side of the notification settings (spec section 3) for whoever raises notifications.
 * A member without a profile row has every setting on (the spec's default), so only the rows
 * turned off are looked for: one indexed read per thousand members.
 */
export function createNotificationSettings(database: DatabaseHandle) {
  const { db } = database;
  // Run on every group message: compiled once per type (db/queryTemplate.ts), not built each time.
  const mutedInGroupTemplate = queryTemplate(
    db,
    (type: NotificationType) => type,
    (type, values: { groupId: string }) =>
      db
        .selectFrom('chat_group_members as m')
        .innerJoin('user_profiles as p', 'p.user_id', 'm.user_id')
        .select('m.user_id')
        .where('m.group_id', '=', values.groupId)
        .where('m.state', '=', 'accepted')
        .where(`p.${COLUMNS[type]}`, '=', 0),
  );
  return {
    /** Of these members, the ones who turned notifications of `type` off. */
    async mutedAmong(type: NotificationType, userIds: readonly string[]): Promise<Set<string>> {
      const muted = new Set<string>();
      const unique = [...new Set(userIds)];
      for (let from = 0; from < unique.length; from += CHUNK) {
        const rows = await db
          .selectFrom('user_profiles')
          .select('user_id')
          .where('user_id', 'in', unique.slice(from, from + CHUNK))
          .where(COLUMNS[type], '=', 0)
          .execute();
        for (const row of rows) muted.add(row.user_id);
      }
      return muted;
    },
    /**
     * The accepted members of a group chat who turned notifications of `type` off: one indexed
     * read that returns the few who did, not the group's member list (hundreds) read and then
     * passed back as hundreds of parameters.
     */
    async mutedInGroup(type: NotificationType, groupId: string): Promise<Set<string>> {
      const rows = await mutedInGroupTemplate.execute(type, { groupId });
      return new Set(rows.map((row) => row.user_id));
    },
  };
}

export type NotificationSettings = ReturnType<typeof createNotificationSettings>;
