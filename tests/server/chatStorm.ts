/**
 * The reconnect storm: members in one-to-one conversations and group chats, each
 * client the app's own socket and chat machines (stormClient.ts), the real server as child
 * processes (stormServer.ts). The clients send messages over time; every interval a share of them
 * lose their connection (the engine closed); midway the first server process is SIGKILLed and
 * started again on the same data and port. Afterwards every client must hold every message of its
 * conversations exactly once, in order, and every send the server acknowledged must be stored.
 *
 * Used by tests/server/chat/chatStorm.test.ts (small) and `npm run bench -- --only storm` (large).
 * No vitest here. Waits have generous bounds and end in a report of what was wrong, never in a
 * timing assertion.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { ChatMessage, MessagesPage } from '../../src/api/chat';
import { AVATAR_COLORS } from '../../src/api/users/avatarColors';
import { API_BASE, mediaPaths, paths } from '../../src/api/paths';
import type { ChatPeer } from '../../src/machines/chat/chat.machine';
import { loadConfig } from '../../server/config';
import { prng } from '../bench/seed';
import { newId } from '../../server/db/ids';
import type { UserRow } from '../../server/db/schema';
import { startServer } from '../../server/main';
import { createChatStore } from '../../server/modules/chat/store';
import { createUserStore } from '../../server/modules/users/store';
import { freePort } from '../e2e/support/app';
import { startStormClient, type StormClient, type StormMember, type StormTab, type TabKind } from './stormClient';
import { startServerProcess, type ServerProcess } from './stormServer';

export type StormBackend = { kind: 'sqlite' } | { kind: 'postgres'; databaseUrl: string; redisUrl: string };

export interface StormOptions {
  clients: number;
  /** One-to-one conversations: members 0-1, 2-3, ... */
  privateConversations: number;
  /** Group chats: member k is in group k % groups (so every member is in one group). */
  groups: number;
  messages: number;
  /** How long the clients take to send them all; the kill comes at half of it. */
  sendMs: number;
  dropEveryMs: number;
  /** Share of the clients dropped each interval. */
  dropShare: number;
  /** SQLite: one server process. PostgreSQL + Redis: two, clients alternate between them; the first is killed. */
  backend: StormBackend;
  /** The app's chat machine per conversation, or a follower of its protocol (lighter: 300 clients in one process). */
  tabs: TabKind;
  /** Bound on each wait (everything stored, everyone reconnected, everyone caught up). */
  waitMs: number;
  seed?: number;
  log?: (line: string) => void;
}

export interface StormReport {
  clients: number;
  conversations: number;
  /** Messages the clients sent (each once, some retried), and how many the server holds. */
  sent: number;
  stored: number;
  /** Sends whose 201 reached the client. */
  acknowledged: number;
  /** Sends the client tried again after a failure (the same clientId). */
  retries: number;
  drops: number;
  reconnects: number;
  /** From the SIGKILL until the restarted server answered /health. */
  downMs: number;
  /**
   * Per client: from its last reconnect (or the last message of its conversations being stored,
   * when that came later) until it held everything.
   */
  catchUpMs: number[];
  /** Per client: from its last reconnect until it held everything (this includes waiting for messages sent after it). */
  sinceReconnectMs: number[];
  /** From the end of the storm (all stored, every client reconnected) until every client held everything. */
  settleMs: number;
  /** Empty when every client holds every message exactly once, in order, and nothing acknowledged is lost. */
  problems: string[];
}

interface Conversation {
  key: string;
  members: number[];
  /** How a member names it: the other member, or the group. */
  peerFor(member: number): ChatPeer;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(done: () => boolean, ms: number, tick: () => void = () => {}, progress?: () => void): Promise<boolean> {
  const deadline = Date.now() + ms;
  let nextProgress = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > deadline) return false;
    tick();
    if (progress && Date.now() > nextProgress) {
      nextProgress += 10_000;
      progress();
    }
    await sleep(50);
  }
  return true;
}

/** Members with real session tokens and accepted group chats, written through the server's own stores. */
async function createCommunity(
  env: Record<string, string>,
  options: StormOptions,
): Promise<{ members: StormMember[]; groupIds: string[] }> {
  const server = await startServer(loadConfig({ ...env, PORT: '0' }), { handleSignals: false });
  try {
    const { db } = server.app.services.database;
    const now = new Date().toISOString();
    const users = createUserStore(db);
    const rows: UserRow[] = [];
    for (let i = 0; i < options.clients; i++) {
      const id = newId();
      const username = `storm${String(i).padStart(4, '0')}`;
      rows.push(
        await users.insert({
          id,
          authId: newId(),
          username,
          email: `${username}@storm.example`,
          passwordHash: null,
          role: 'USER',
          avatarColor: AVATAR_COLORS[i % AVATAR_COLORS.length]!,
          avatarImage: mediaPaths.image(1_700_000_000 + i, id),
          now,
        }),
      );
    }
    const members: StormMember[] = [];
    for (const row of rows)
      members.push({ id: row.id, username: row.username, token: await server.app.services.auth.issueSession(row, true) });
    const store = createChatStore(server.app.services.database);
    const groupIds: string[] = [];
    for (let g = 0; g < options.groups; g++) {
      const ids = members.filter((_, k) => k % options.groups === g).map((m) => m.id);
      const groupId = newId();
      await store.createGroup(
        {
          id: groupId,
          name: `storm group ${g}`,
          description: '',
          privacy: 'private',
          profile_image: '',
          created_by: ids[0]!,
          created_at: now,
        },
        ids.slice(1),
      );
      await db.updateTable('chat_group_members').set({ state: 'accepted' }).where('group_id', '=', groupId).execute();
      groupIds.push(groupId);
    }
    return { members, groupIds };
  } finally {
    await server.close();
  }
}

function conversationsOf(members: StormMember[], groupIds: string[], options: StormOptions): Conversation[] {
  const conversations: Conversation[] = [];
  for (let p = 0; p < options.privateConversations; p++) {
    const pair = [2 * p, 2 * p + 1];
    conversations.push({
      key: `private ${pair[0]}-${pair[1]}`,
      members: pair,
      peerFor: (member) => {
        const other = members[member === pair[0] ? pair[1]! : pair[0]!]!;
        return { id: other.id, username: other.username, isGroup: false };
      },
    });
  }
  groupIds.forEach((groupId, g) => {
    conversations.push({
      key: `group ${g}`,
      members: members.map((_, k) => k).filter((k) => k % options.groups === g),
      peerFor: () => ({ id: groupId, username: `storm group ${g}`, isGroup: true }),
    });
  });
  return conversations;
}

/** Every message of a conversation as the server holds it, oldest first (all pages). */
async function storedConversation(url: string, token: string, peer: ChatPeer): Promise<ChatMessage[]> {
  const all: ChatMessage[] = [];
  for (;;) {
    const after = all.at(-1)?.seq ?? 0;
    const response = await fetch(`${url}${API_BASE}${paths.chat.messages(peer.id, { isGroupChat: peer.isGroup, after })}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`reading ${peer.username} answered ${response.status}: ${await response.text()}`);
    const page = (await response.json()) as MessagesPage;
    all.push(...page.messages);
    if (!page.hasMore) return all;
  }
}

const listed = (seqs: number[]) => (seqs.length > 8 ? `${seqs.slice(0, 8).join(', ')}, ... (${seqs.length})` : seqs.join(', '));

/** What is wrong with a tab against the server's messages, or null. */
function tabProblem(client: StormClient, tab: StormTab, truth: ChatMessage[]): string | null {
  const held = tab.stored();
  const unsent = tab.unsent();
  if (unsent.length === 0 && held.length === truth.length && held.every((m, i) => m._id === truth[i]!._id)) return null;
  const count = new Map<string, number>();
  for (const m of held) count.set(m._id, (count.get(m._id) ?? 0) + 1);
  const truthIds = new Set(truth.map((m) => m._id));
  const missing = truth.filter((m) => !count.has(m._id)).map((m) => m.seq);
  const twice = held.filter((m) => (count.get(m._id) ?? 0) > 1).map((m) => m.seq);
  const foreign = held.filter((m) => !truthIds.has(m._id)).map((m) => m.seq);
  const disorder = held.findIndex((m, i) => i > 0 && m.seq <= held[i - 1]!.seq);
  return (
    `client ${client.index} in ${tab.key}: holds ${held.length} of ${truth.length}` +
    (missing.length ? `; missing seqs ${listed(missing)}` : '') +
    (twice.length ? `; twice: seqs ${listed(twice)}` : '') +
    (foreign.length ? `; not on the server: seqs ${listed(foreign)}` : '') +
    (disorder > 0 ? `; out of order at position ${disorder} (seq ${held[disorder]!.seq} after ${held[disorder - 1]!.seq})` : '') +
    (unsent.length ? `; ${unsent.length} not sent (${unsent.map((m) => m.status).join(', ')})` : '') +
    `; ${tab.describe()}; socket ${client.socketState()}`
  );
}

/** Runs the storm and reports; cleans up its servers, data and clients whatever happens. */
export async function runStorm(options: StormOptions): Promise<StormReport> {
  const log = options.log ?? (() => {});
  const random = prng(options.seed ?? 16);
  const dir = mkdtempSync(join(tmpdir(), 'stoa-storm-'));
  const processes = options.backend.kind === 'postgres' ? 2 : 1;
  const ports = await Promise.all(Array.from({ length: processes }, () => freePort()));
  const schema = `storm_${randomBytes(5).toString('hex')}`;
  const env: Record<string, string> = {
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    CLIENT_DIR: join(dir, 'no-client'),
    LOG_LEVEL: 'warn',
    JWT_SECRET: randomBytes(32).toString('hex'),
    // Every client is on 127.0.0.1: the per-address limits would stop the storm, not the server.
    RATE_LIMIT_SCALE: '10000',
    DATABASE_URL: options.backend.kind === 'postgres' ? options.backend.databaseUrl : '',
    DATABASE_SCHEMA: options.backend.kind === 'postgres' ? schema : '',
    REDIS_URL: options.backend.kind === 'postgres' ? options.backend.redisUrl : '',
  };
  const servers: ServerProcess[] = [];
  const clients: StormClient[] = [];
  try {
    const { members, groupIds } = await createCommunity(env, options);
    const conversations = conversationsOf(members, groupIds, options);
    for (const port of ports)
      servers.push(await startServerProcess({ ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }));
    log(`${options.clients} members in ${conversations.length} conversations; ${processes} server process(es) on ${options.backend.kind}`);

    const acknowledged = new Map<string, ChatMessage>();
    members.forEach((member, index) => {
      const peers = conversations.filter((c) => c.members.includes(index)).map((c) => ({ key: c.key, peer: c.peerFor(index) }));
      clients.push(
        startStormClient({
          index,
          member,
          url: servers[index % processes]!.url,
          peers,
          tabs: options.tabs,
          onAck: (m) => acknowledged.set(m._id, m),
        }),
      );
    });
    const tabs = clients.flatMap((client) => client.tabs.map((tab) => ({ client, tab })));
    if (!(await until(() => clients.every((c) => c.connected()) && tabs.every(({ tab }) => tab.ready()), options.waitMs))) {
      throw new Error(
        `clients not connected with their conversations open after ${options.waitMs} ms: ${clients.filter((c) => !c.connected()).length} sockets down, ${tabs.filter(({ tab }) => !tab.ready()).length} tabs not ready`,
      );
    }

    /* ----- the storm ----- */
    const wanted = new Map<string, { key: string; client: number; tab: StormTab }>();
    let retries = 0;
    let drops = 0;
    const retryFailed = () => {
      for (const { client, tab } of tabs) {
        if (!client.connected()) continue;
        for (const m of tab.unsent()) {
          if (m.status !== 'failed' || !m.clientId) continue;
          retries += 1;
          tab.retry(m.clientId);
        }
      }
    };
    const started = Date.now();
    let nextDrop = started + options.dropEveryMs;
    let lastRetry = started;
    let restarting: Promise<void> | null = null;
    let downMs = 0;
    while (wanted.size < options.messages) {
      const now = Date.now();
      const due = Math.min(options.messages, Math.ceil((options.messages * (now - started)) / options.sendMs));
      while (wanted.size < due) {
        const { client, tab } = tabs[Math.floor(random() * tabs.length)]!;
        const body = `storm message ${wanted.size + 1} from ${client.index}`;
        wanted.set(body, { key: tab.key, client: client.index, tab });
        tab.send(body);
      }
      if (now >= nextDrop) {
        nextDrop += options.dropEveryMs;
        const share = Math.round(options.dropShare * clients.length);
        const chosen = [...clients].sort(() => random() - 0.5).slice(0, share);
        for (const client of chosen) if (client.drop()) drops += 1;
      }
      if (!restarting && now - started >= options.sendMs / 2) {
        log(`SIGKILL to server process 1 after ${wanted.size} messages`);
        restarting = (async () => {
          const killedAt = Date.now();
          await servers[0]!.kill();
          await servers[0]!.restart();
          downMs = Date.now() - killedAt;
          log(`server process 1 answers again ${downMs} ms after the kill`);
        })();
      }
      if (now - lastRetry >= 1000) {
        lastRetry = now;
        retryFailed();
      }
      await sleep(10);
    }
    await restarting;
    log(`${wanted.size} messages sent in ${Date.now() - started} ms; ${drops} connections dropped`);

    /* ----- after the storm: everything stored, everyone back, everyone caught up ----- */
    // What each sender's tab does not yet hold as stored (checked tab by tab: 10,000 finds would starve the clients).
    const outstanding = new Map<StormTab, Set<string>>();
    for (const [body, w] of wanted) outstanding.set(w.tab, (outstanding.get(w.tab) ?? new Set()).add(body));
    const storedBySender = () => {
      for (const [tab, bodies] of outstanding) {
        for (const m of tab.stored()) bodies.delete(m.body);
        if (bodies.size === 0) outstanding.delete(tab);
      }
      return outstanding.size === 0;
    };
    let lastRetryAt = 0;
    if (
      !(await until(
        storedBySender,
        options.waitMs,
        () => {
          if (Date.now() - lastRetryAt < 1000) return;
          lastRetryAt = Date.now();
          retryFailed();
        },
        () =>
          log(
            `waiting: ${[...outstanding.values()].reduce((n, b) => n + b.size, 0)} messages not yet stored as their senders see it; ${clients.filter((c) => c.connected()).length} of ${clients.length} sockets connected`,
          ),
      ))
    ) {
      const left = [...outstanding.values()].flatMap((bodies) => [...bodies]).map((body) => [body, wanted.get(body)!] as const);
      const shown = left.slice(0, 5).map(([body, w]) => {
        const m = w.tab.unsent().find((x) => x.body === body);
        return `"${body}" in ${w.key}: ${m ? `${m.status}${m.error ? ` (${m.error})` : ''}` : 'not in its tab'}, tab ${w.tab.describe()}, socket ${clients[w.client]!.socketState()}`;
      });
      throw new Error(
        `${left.length} messages still not sent after ${options.waitMs} ms:\n${shown.join('\n')}\nserver 1 said:\n${servers[0]!.output()}`,
      );
    }
    log(`every message stored; ${clients.filter((c) => c.connected()).length} of ${clients.length} sockets connected`);
    if (
      !(await until(
        () => clients.every((c) => c.connected()),
        options.waitMs,
        undefined,
        () => log(`waiting: ${clients.filter((c) => c.connected()).length} of ${clients.length} sockets connected`),
      ))
    ) {
      const down = clients.filter((c) => !c.connected());
      throw new Error(
        `${down.length} clients did not reconnect within ${options.waitMs} ms: ${down
          .slice(0, 5)
          .map((c) => `client ${c.index} ${c.socketState()}`)
          .join(', ')}`,
      );
    }
    const stormEnded = Date.now();

    const truth = new Map<string, ChatMessage[]>();
    for (const conversation of conversations) {
      const reader = conversation.members[0]!;
      truth.set(
        conversation.key,
        await storedConversation(servers[reader % processes]!.url, members[reader]!.token, conversation.peerFor(reader)),
      );
    }
    const problemsNow = () =>
      tabs.map(({ client, tab }) => tabProblem(client, tab, truth.get(tab.key)!)).filter((p): p is string => p !== null);
    await until(
      () => problemsNow().length === 0,
      options.waitMs,
      undefined,
      () => log(`waiting: ${problemsNow().length} tabs do not hold everything yet`),
    );
    const settleMs = Date.now() - stormEnded;
    const problems = problemsNow();

    // The server's side: numbered 1..n, each message once, every send made and acknowledged there.
    const byKey = new Map<string, string[]>();
    for (const [body, w] of wanted) byKey.set(w.key, [...(byKey.get(w.key) ?? []), body]);
    for (const [key, messages] of truth) {
      const seqs = messages.map((m) => m.seq);
      if (seqs.some((seq, i) => seq !== i + 1)) problems.push(`${key} on the server: seqs are not 1..${seqs.length}: ${listed(seqs)}`);
      const bodies = new Map<string, number>();
      for (const m of messages) bodies.set(m.body, (bodies.get(m.body) ?? 0) + 1);
      const twice = [...bodies].filter(([, n]) => n > 1).map(([body]) => body);
      if (twice.length) problems.push(`${key} on the server: stored twice: ${twice.slice(0, 5).join('; ')}`);
      const lost = (byKey.get(key) ?? []).filter((body) => !bodies.has(body));
      if (lost.length) problems.push(`${key} on the server: never stored: ${lost.slice(0, 5).join('; ')}`);
      const strange = [...bodies.keys()].filter((body) => wanted.get(body)?.key !== key);
      if (strange.length) problems.push(`${key} on the server: not sent there: ${strange.slice(0, 5).join('; ')}`);
    }
    const storedIds = new Set([...truth.values()].flat().map((m) => m._id));
    const lostAcks = [...acknowledged.values()].filter((m) => !storedIds.has(m._id));
    if (lostAcks.length)
      problems.push(`${lostAcks.length} acknowledged sends are not stored, e.g. "${lostAcks[0]!.body}" (seq ${lostAcks[0]!.seq})`);

    const lastStored = new Map([...truth].map(([key, messages]) => [key, Math.max(0, ...messages.map((m) => Date.parse(m.createdAt)))]));
    const heldAt = (client: StormClient) => Math.max(...client.tabs.map((tab) => tab.changedAt));
    const catchUpMs = clients.map((client) => {
      const from = Math.max(client.connects.at(-1) ?? 0, ...client.tabs.map((tab) => lastStored.get(tab.key) ?? 0));
      return Math.max(0, heldAt(client) - from);
    });
    const sinceReconnectMs = clients.map((client) => Math.max(0, heldAt(client) - (client.connects.at(-1) ?? 0)));
    return {
      clients: clients.length,
      conversations: conversations.length,
      sent: wanted.size,
      stored: storedIds.size,
      acknowledged: acknowledged.size,
      retries,
      drops,
      reconnects: clients.reduce((n, c) => n + c.connects.length - 1, 0),
      downMs,
      catchUpMs,
      sinceReconnectMs,
      settleMs,
      problems,
    };
  } finally {
    for (const client of clients) client.stop();
    for (const server of servers) await server.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    if (options.backend.kind === 'postgres') await dropSchema(options.backend.databaseUrl, schema).catch(() => undefined);
  }
}

async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}
