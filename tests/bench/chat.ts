/**
 * The chat benchmark : the real server (SQLite in a temporary DATA_DIR, in a process
 * of its own: chatServer.ts) and two socket.io relays (chatRelay.ts): the bare relay, in this
 * process, and the floor, in a process of its own with the server's node flags (chatFloorProcess.ts), a bare chat server (a Fastify route that stores each one-to-one message
 * durably, in a copy of the server's database with its pragmas, then sends the protocol's frames
 * for it: `message received` to both members, `chat list` to each, the receiver's `notification`). Each has 1,000 connected sockets, one per member, held by a client worker thread (chatFleet.ts):
 *
 *   one-to-one   a member sends to another: POST /chat/message on the real server, POST to the
 *                bare chat server's route, one emit to the bare relay; the time until the
 *                receiver's socket has `message received`.
 *                Sent one at a time (latency, not throughput), p50 and p99.
 *   broadcast    one member of a 501-member group chat sends: POST /group/message, one emit to
 *                the bare relay's room, and one to the floor relay's room followed by the
 *                message's `notification` (as the real send tells each receiver twice); the time
 *                until all 500 other members' sockets have `group message received` (real: also
 *                until all 500 have the `notification`).
 *
 * Targets are measured in alternating blocks, so a change in the machine's load hits all alike.
 * Goals (recordGoal): one-to-one real / the bare chat server at most 1.5x (p50 and p99), broadcast
 * real / the floor relay's broadcast with the notification (its floor) at most 1.5x (p50 and p99),
 * the server process's RSS with the sockets connected at most 150 MiB. Members, their sessions
 * and the group are written through the server's own stores (no password hashing per member) by a
 * server in this process that then closes; every token is a real session token.
 *
 * Knobs (environment): BENCH_CHAT_SOCKETS (1000), BENCH_CHAT_GROUP receivers (500),
 * BENCH_CHAT_MESSAGES measured per target (1000), BENCH_CHAT_BROADCASTS per target (200: the p99 of 40 was their slowest),
 * BENCH_CHAT_TIMEOUT_MS per wait (15000; connecting a socket may take 4 times that),
 * BENCH_CHAT_DATA_PARENT where the temporary DATA_DIR goes (the system's temp dir; /dev/shm takes
 * the disk's fsync out of the figures, to tell its share); BENCH_CHAT_SERVER_FLAGS, BENCH_CHAT_CPU_PROF and
 * BENCH_CHAT_HEAP_SNAPSHOTS (heap snapshots of the server as started, connected and at the end: a
 * diagnostic, their writing inflates the RSS figures of that run) are the server process's (chatServer.ts).
 */
import { execFileSync } from 'node:child_process';
import BetterSqlite3 from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AVATAR_COLORS } from '../../src/api/users/avatarColors';
import { mediaPaths, paths } from '../../src/api/paths';
import { loadConfig } from '../../server/config';
import { newId } from '../../server/db/ids';
import type { UserRow } from '../../server/db/schema';
import { sql } from 'kysely';
import { startServer, type RunningServer } from '../../server/main';
import { createChatStore } from '../../server/modules/chat/store';
import { createUserStore } from '../../server/modules/users/store';
import { apiOf, startFleet, type BroadcastRound, type Fleet, type Target } from './chatFleet';
import { startFloorProcess } from './chatFloorProcess';
import { startRelay, type Relay } from './chatRelay';
import { startServerProcess, type ServerMemory, type ServerProcess } from './chatServer';
import { recordGoal } from './goals';
import { benchPlan } from './quick';

const TARGETS: readonly Target[] = ['real', 'floor', 'bare'];

const envInt = (name: string, fallback: number, min = 1) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number from ${min} (got "${raw}")`);
  return value;
};

export interface Latencies {
  p50: number;
  p99: number;
  max: number;
  samples: number;
}

export interface ChatResult {
  sockets: number;
  groupReceivers: number;
  connectMs: Record<Target, number>;
  oneToOne: Record<Target, Latencies>;
  /** GET /health on the real server (Fastify, one `select 1`), in the same blocks: an HTTP request's own cost. */
  httpRoundTrip: Latencies;
  /** real; floor: the floor relay's room broadcast and then the notification; bare: the room broadcast alone. */
  broadcast: Record<Target, Latencies>;
  /** Real only: until all receivers also had the `notification` of the group message. */
  broadcastNotified: Latencies;
  ratios: {
    /** Real over the floor (the bare chat server: HTTP, durable insert, emit): what the one-to-one goal bounds. */
    oneToOneP50: number;
    oneToOneP99: number;
    /** Real and the floor over the bare relay alone, for reading the others. */
    oneToOneBareP50: number;
    floorBareP50: number;
    /** Real over the floor of a send that notifies: what the group goals bound. */
    broadcastP50: number;
    broadcastP99: number;
    /** Real over the bare broadcast (one event), for reference. */
    broadcastBareP50: number;
    broadcastBareP99: number;
  };
  /** The server process alone (its own process): started with no socket, then with every socket connected after connecting and at the end. */
  server: { idle: ServerMemory; connected: ServerMemory; end: ServerMemory };
  /** The benchmark's own process: the bare relay, and the client worker's heap. */
  bench: { rssMiB: number; clientHeapMiB: number };
  fileDescriptors: { needed: number; soft: number; hard: string };
  dataDir: string;
  seconds: number;
}

/** Nearest-rank percentile of the samples. */
function summary(samples: number[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
  return { p50: at(50), p99: at(99), max: sorted[sorted.length - 1]!, samples: sorted.length };
}

/** mulberry32, as the feed seed uses: the same pairs on every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * This process holds the client end of every connection (real, floor, bare) and the relays' ends
 * of theirs. Node cannot raise its own limit, so a shell that allows too few is told how, before any work.
 */
function checkFileDescriptors(sockets: number): ChatResult['fileDescriptors'] {
  const needed = sockets * 5 + 256;
  const limit = (flag: string) => execFileSync('sh', ['-c', `ulimit ${flag}`], { encoding: 'utf8' }).trim();
  const soft = Number(limit('-n'));
  const hard = limit('-Hn');
  if (Number.isFinite(soft) && soft < needed) {
    const raisable = hard === 'unlimited' || Number(hard) >= needed;
    throw new Error(
      `the chat benchmark holds ${sockets * 3} sockets open (real, floor and bare), about ${needed} file descriptors; this shell allows ${soft}. ` +
        (raisable
          ? `Run \`ulimit -n ${needed}\` first (the hard limit is ${hard}).`
          : `The hard limit is ${hard}: lower BENCH_CHAT_SOCKETS.`),
    );
  }
  return { needed, soft, hard };
}

/** Members, a real session token each, and a group chat of the first `groupReceivers + 1`, all accepted. */
async function createCommunity(server: RunningServer, count: number, groupReceivers: number) {
  const { db } = server.app.services.database;
  const now = new Date().toISOString();
  const rows: UserRow[] = [];
  // One transaction: a commit per member would cost seconds (with SQLITE_SYNCHRONOUS=full, an fsync each).
  await db.transaction().execute(async (trx) => {
    const users = createUserStore(trx);
    for (let i = 0; i < count; i++) {
      const id = newId();
      const username = `chatbench${String(i + 1).padStart(5, '0')}`;
      rows.push(
        await users.insert({
          id,
          authId: newId(),
          username,
          email: `${username}@bench.example`,
          passwordHash: null,
          role: 'USER',
          avatarColor: AVATAR_COLORS[i % AVATAR_COLORS.length]!,
          avatarImage: mediaPaths.image(1_700_000_000 + i, id),
          now,
        }),
      );
    }
  });
  const tokens: string[] = [];
  for (const row of rows) tokens.push(await server.app.services.auth.issueSession(row, true));

  const groupId = newId();
  const members = rows.slice(0, groupReceivers + 1).map((row) => row.id);
  const store = createChatStore(server.app.services.database);
  await store.createGroup(
    {
      id: groupId,
      name: 'Benchmark group',
      description: '',
      privacy: 'public',
      profile_image: '',
      created_by: members[0]!,
      created_at: now,
    },
    members.slice(1),
  );
  await db.updateTable('chat_group_members').set({ state: 'accepted' }).where('group_id', '=', groupId).execute();
  return { userIds: rows.map((row) => row.id), tokens, groupId, groupMembers: new Set(members) };
}

export async function measureChat(log: (line: string) => void = console.log): Promise<ChatResult> {
  const started = performance.now();
  const plan = benchPlan().chat;
  const sockets = envInt('BENCH_CHAT_SOCKETS', plan.sockets, 4);
  const groupReceivers = envInt('BENCH_CHAT_GROUP', plan.group);
  const messages = envInt('BENCH_CHAT_MESSAGES', plan.messages);
  const broadcasts = envInt('BENCH_CHAT_BROADCASTS', plan.broadcasts);
  const timeoutMs = envInt('BENCH_CHAT_TIMEOUT_MS', 15_000);
  if (groupReceivers + 1 > sockets)
    throw new Error(`BENCH_CHAT_GROUP (${groupReceivers}) needs at least ${groupReceivers + 1} sockets (BENCH_CHAT_SOCKETS is ${sockets})`);
  const fileDescriptors = checkFileDescriptors(sockets);

  const dir = mkdtempSync(join(process.env.BENCH_CHAT_DATA_PARENT || tmpdir(), 'stoa-bench-chat-'));
  const env: Record<string, string> = {
    DATA_DIR: dir,
    CLIENT_DIR: join(dir, 'no-client'),
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    // The per-address limit (600 a minute) would stop the run: every client is on 127.0.0.1.
    RATE_LIMIT_SCALE: '10000',
  };
  const floorFile = join(dir, 'floor.db');
  let server: ServerProcess | undefined;
  const relays: Relay[] = [];
  let fleet: Fleet | undefined;
  try {
    // Written by a server in this process, which then closes: the measured server starts on the
    // written DATA_DIR in a process of its own, so its memory holds no trace of the seeding.
    let t0 = performance.now();
    const seeder = await startServer(loadConfig(env), { handleSignals: false });
    const community = await (async () => {
      try {
        const written = await createCommunity(seeder, sockets, groupReceivers);
        // The floor's file: the same schema, indexes and rows as the server's, on the same disk.
        await sql`vacuum into ${floorFile}`.execute(seeder.app.services.database.db);
        return written;
      } finally {
        await seeder.close();
      }
    })();
    log(
      `${sockets} members with session tokens and a group chat of ${groupReceivers + 1} written in ${((performance.now() - t0) / 1000).toFixed(1)} s (DATA_DIR ${dir})`,
    );
    server = await startServerProcess(env, 60_000);
    const idleMemory = server.memory();
    const snapshot = async (phase: string) => {
      const file = await server?.heapSnapshot();
      if (file) log(`heap snapshot ${phase}: ${file} (server RSS now ${server!.memory().rssMiB.toFixed(1)} MiB)`);
    };
    await snapshot('as started');

    const relayOptions = {
      userIdByToken: new Map(community.tokens.map((token, i) => [token, community.userIds[i]!])),
      groupId: community.groupId,
      groupMembers: community.groupMembers,
    };
    const urls: Record<Target, string> = { real: server.url, floor: '', bare: '' };
    // The floor's connection commits as the measured server's does: the same env, the same setting.
    const serverDatabase = loadConfig(env).database;
    if (serverDatabase.kind !== 'sqlite') throw new Error('the chat benchmark runs on SQLite');
    // The floor in a process of its own with the server's node flags (chatFloorProcess.ts); the bare relay here.
    const floor = await startFloorProcess(
      { ...relayOptions, durable: { file: floorFile, synchronous: serverDatabase.synchronous } },
      dir,
      60_000,
    );
    relays.push(floor);
    urls.floor = floor.url;
    const bare = await startRelay(relayOptions);
    relays.push(bare);
    urls.bare = bare.url;
    fleet = startFleet();
    await fleet.setup({ api: apiOf(server.url), userIds: community.userIds, tokens: community.tokens, groupId: community.groupId });

    const connectMs: Record<Target, number> = { real: 0, floor: 0, bare: 0 };
    for (const target of TARGETS) {
      connectMs[target] = await fleet.connect({
        target,
        url: urls[target],
        tokens: community.tokens,
        concurrency: 50,
        timeoutMs: 4 * timeoutMs,
      });
      // Let the last connects' own work (rooms, presence to watchers: none here) pass before timing.
      await fleet.settle({ quietMs: target === 'real' ? 500 : 300, timeoutMs: 60_000 });
    }
    const connectedMemory = server.memory();
    await snapshot('connected');
    log(
      `connected ${sockets} sockets to each: ${TARGETS.map((target) => `${target} in ${(connectMs[target] / 1000).toFixed(1)} s`).join(', ')}; server process RSS ${connectedMemory.rssMiB.toFixed(0)} MiB`,
    );

    // Fixed pairs (i, i + half), so conversations exist after one untimed message each, as in a live chat.
    const half = Math.floor(sockets / 2);
    const random = prng(20_240_605);
    const pair = (): [number, number] => {
      const i = Math.floor(random() * half);
      return random() < 0.5 ? [i, i + half] : [i + half, i];
    };
    const everyPair = () => Array.from({ length: half }, (_, i) => [i, i + half] as [number, number]);
    t0 = performance.now();
    await fleet.oneToOne({ target: 'real', pairs: everyPair(), timeoutMs });
    await fleet.oneToOne({ target: 'floor', pairs: everyPair(), timeoutMs });
    await fleet.oneToOne({ target: 'bare', pairs: Array.from({ length: 100 }, pair), timeoutMs });
    log(`warm-up: ${half} conversations started on the server and the floor (${((performance.now() - t0) / 1000).toFixed(1)} s)`);

    const samples: Record<Target, number[]> = { real: [], floor: [], bare: [] };
    const healthSamples: number[] = [];
    const health = `${apiOf(server.url)}${paths.health}`;
    const blocks = 10;
    for (let b = 0; b < blocks; b++) {
      const size = Math.ceil(messages / blocks);
      for (const target of TARGETS) {
        samples[target].push(...(await fleet.oneToOne({ target, pairs: Array.from({ length: size }, pair), timeoutMs })));
      }
      healthSamples.push(...(await fleet.httpRoundTrips({ url: health, count: size })));
    }

    const receivers = Array.from({ length: groupReceivers }, (_, i) => i + 1);
    for (const target of TARGETS) await fleet.broadcast({ target, sender: 0, receivers, rounds: 3, timeoutMs });
    const rounds: Record<Target, BroadcastRound[]> = { real: [], floor: [], bare: [] };
    const groupBlocks = 5;
    for (let b = 0; b < groupBlocks; b++) {
      for (const target of TARGETS) {
        rounds[target].push(
          ...(await fleet.broadcast({ target, sender: 0, receivers, rounds: Math.ceil(broadcasts / groupBlocks), timeoutMs })),
        );
      }
    }

    const endMemory = server.memory();
    await snapshot('at the end');
    // The floor did pay for its writes: every message it relayed is a row in its file.
    const floorRows = (() => {
      const file = new BetterSqlite3(floorFile, { readonly: true });
      try {
        return (file.prepare('select count(*) as n from chat_messages').get() as { n: number }).n;
      } finally {
        file.close();
      }
    })();
    const floorSent = half + samples.floor.length;
    if (floorRows !== floorSent) throw new Error(`the floor relayed ${floorSent} messages but its file holds ${floorRows}`);
    log(`floor: ${floorRows} messages stored in ${floorFile} before they were emitted, as relayed`);
    const oneToOne = { real: summary(samples.real), floor: summary(samples.floor), bare: summary(samples.bare) };
    const allReceived = (target: Target) => summary(rounds[target].map((r) => r.allReceivedMs));
    const broadcast = { real: allReceived('real'), floor: allReceived('floor'), bare: allReceived('bare') };
    return {
      sockets,
      groupReceivers,
      connectMs,
      oneToOne,
      httpRoundTrip: summary(healthSamples),
      broadcast,
      broadcastNotified: summary(rounds.real.map((r) => r.allNotifiedMs ?? Number.NaN)),
      ratios: {
        oneToOneP50: oneToOne.real.p50 / oneToOne.floor.p50,
        oneToOneP99: oneToOne.real.p99 / oneToOne.floor.p99,
        oneToOneBareP50: oneToOne.real.p50 / oneToOne.bare.p50,
        floorBareP50: oneToOne.floor.p50 / oneToOne.bare.p50,
        broadcastP50: broadcast.real.p50 / broadcast.floor.p50,
        broadcastP99: broadcast.real.p99 / broadcast.floor.p99,
        broadcastBareP50: broadcast.real.p50 / broadcast.bare.p50,
        broadcastBareP99: broadcast.real.p99 / broadcast.bare.p99,
      },
      server: { idle: idleMemory, connected: connectedMemory, end: endMemory },
      bench: { rssMiB: process.memoryUsage().rss / 2 ** 20, clientHeapMiB: (await fleet.memory()) / 2 ** 20 },
      fileDescriptors,
      dataDir: dir,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    // The server first: it drops every socket at once, where clients leaving one by one would each
    // set off a presence announcement to all the others.
    const closeStarted = performance.now();
    await server?.stop().catch(() => undefined);
    for (const relay of relays) await relay.close().catch(() => undefined);
    await fleet?.terminate().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    log(`closed in ${((performance.now() - closeStarted) / 1000).toFixed(1)} s`);
  }
}

/** The goals a run is judged by. */
export const CHAT_GOALS = { oneToOneOverFloor: 1.5, broadcastOverFloor: 1.5, serverRssMiB: 150 } as const;

/** The table, as `npm run bench` prints it, and the goals recorded. */
export function printChat(result: ChatResult, log: (line: string) => void = console.log): void {
  const ms = (value: number) => Number(value.toFixed(2));
  const row = (figures: Latencies, ratio?: { p50: number; p99: number }) => ({
    'p50 ms': ms(figures.p50),
    'p99 ms': ms(figures.p99),
    'max ms': ms(figures.max),
    samples: figures.samples,
    'p50 ratio': ratio ? `${ratio.p50.toFixed(2)}x` : '1.00x',
    'p99 ratio': ratio ? `${ratio.p99.toFixed(2)}x` : '1.00x',
  });
  const { ratios, oneToOne } = result;
  log(
    `chat (${result.sockets} connected sockets per server, SQLite in ${result.dataDir}; ratios to the baseline below each: lower is better)`,
  );
  console.table({
    'one-to-one: POST /chat/message -> receiver socket (/ floor)': row(oneToOne.real, { p50: ratios.oneToOneP50, p99: ratios.oneToOneP99 }),
    'one-to-one floor: bare chat server, HTTP + durable insert + the frames (/ bare)': row(oneToOne.floor, {
      p50: ratios.floorBareP50,
      p99: oneToOne.floor.p99 / oneToOne.bare.p99,
    }),
    'one-to-one: bare relay, socket -> socket': row(oneToOne.bare),
    'an HTTP request alone: GET /health round trip (/ bare)': row(result.httpRoundTrip, {
      p50: result.httpRoundTrip.p50 / oneToOne.bare.p50,
      p99: result.httpRoundTrip.p99 / oneToOne.bare.p99,
    }),
    [`group of ${result.groupReceivers}: POST /group/message -> all received (/ floor)`]: row(result.broadcast.real, {
      p50: ratios.broadcastP50,
      p99: ratios.broadcastP99,
    }),
    [`group of ${result.groupReceivers}: floor, room broadcast + notification -> all received (/ bare)`]: row(result.broadcast.floor, {
      p50: result.broadcast.floor.p50 / result.broadcast.bare.p50,
      p99: result.broadcast.floor.p99 / result.broadcast.bare.p99,
    }),
    [`group of ${result.groupReceivers}: bare room broadcast -> all received`]: row(result.broadcast.bare),
    [`group of ${result.groupReceivers}: real, until all also had the notification`]: row(result.broadcastNotified),
  });
  const mib = (value: number) => `${value.toFixed(0)} MiB`;
  const { idle, connected, end } = result.server;
  log(
    `one-to-one real / bare p50 ${ratios.oneToOneBareP50.toFixed(1)}x; connecting ${result.sockets} sockets: ` +
      `${(Object.entries(result.connectMs) as [Target, number][]).map(([target, value]) => `${target} ${(value / 1000).toFixed(1)} s`).join(', ')}`,
  );
  log(
    `server process alone: RSS ${mib(idle.rssMiB)} started (no socket); ${result.sockets} sockets connected: ${mib(connected.rssMiB)} after connecting, ${mib(end.rssMiB)} at the end ` +
      `(own memory ${mib(end.anonMiB)}, mapped files ${mib(end.fileMiB)}; peak ${mib(end.peakMiB)}); ` +
      `bench process (bare relay, client worker heap ${mib(result.bench.clientHeapMiB)}) RSS ${mib(result.bench.rssMiB)}; ` +
      `file descriptors needed ~${result.fileDescriptors.needed} of ${result.fileDescriptors.soft}; ${result.seconds.toFixed(0)} s in all`,
  );
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  const target = CHAT_GOALS.oneToOneOverFloor;
  const floorOf = (figure: number, what: string) => ({ floor: { figure, unit: 'ms', what } });
  for (const [p, ratio, floor] of [
    ['p50', ratios.oneToOneP50, oneToOne.floor.p50],
    ['p99', ratios.oneToOneP99, oneToOne.floor.p99],
  ] as const) {
    const met = recordGoal(
      `chat one-to-one ${p} / the bare chat server (HTTP + durable insert + the protocol's frames)`,
      ratio,
      target,
      'at most',
      'x',
      floorOf(floor, `bare chat server ${p}`),
    );
    log(`one-to-one ${p} <= ${target}x the bare chat server (${ms(floor)} ms): ${verdict(met)} (${ratio.toFixed(2)}x)`);
  }
  for (const [p, ratio, floor] of [
    ['p50', ratios.broadcastP50, result.broadcast.floor.p50],
    ['p99', ratios.broadcastP99, result.broadcast.floor.p99],
  ] as const) {
    const met = recordGoal(
      `chat group of ${result.groupReceivers} ${p} / bare room broadcast + notification`,
      ratio,
      CHAT_GOALS.broadcastOverFloor,
      'at most',
      'x',
      floorOf(floor, `bare room broadcast + notification ${p}`),
    );
    log(
      `group broadcast ${p} <= ${CHAT_GOALS.broadcastOverFloor}x the bare broadcast + notification (${ms(floor)} ms): ${verdict(met)} (${ratio.toFixed(2)}x; ${(p === 'p50' ? ratios.broadcastBareP50 : ratios.broadcastBareP99).toFixed(2)}x the bare broadcast alone)`,
    );
  }
  const rss = Math.max(connected.rssMiB, end.rssMiB);
  log(
    `server RSS with ${result.sockets} sockets <= ${CHAT_GOALS.serverRssMiB} MiB: ${verdict(recordGoal(`chat server process RSS, ${result.sockets} sockets`, rss, CHAT_GOALS.serverRssMiB, 'at most', 'MiB'))}`,
  );
}
