import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { Config } from '../config';

/** The header a proxy (nginx's `$request_id`) sends and every answer carries back. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An id a proxy may hand us: short and plain, so it cannot forge log lines or fill them. */
const ACCEPTED_ID = /^[\w.:@-]{1,128}$/;

/** Random bytes drawn 512 ids at a time: one randomBytes call per request was 2% of the feed route's CPU. */
const POOL_BYTES = 8 * 512;
let pool = Buffer.alloc(0);
let used = 0;

/** A fresh id: 16 hex digits, unique enough across processes to find one request's lines in merged logs. */
export function newRequestId(): string {
  if (used + 8 > pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  used += 8;
  return pool.toString('hex', used - 8, used);
}

/** The named ranges TRUST_PROXY accepts (as Fastify's proxy-addr does). */
const NAMED: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

function blockListOf(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries.flatMap((item) => NAMED[item.toLowerCase()] ?? [item])) {
    const [address, bits] = entry.split('/');
    if (!address) continue;
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (isIP(address) === 0) continue;
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
}

/**
 * Whether the peer of a connection is a proxy we trust (TRUST_PROXY): only then is its
 * X-Request-Id taken, as only then is its X-Forwarded-For. `true` trusts every peer, a hop count
 * of at least 1 trusts the one in front of us, a list trusts those addresses and subnets.
 */
export function trustsPeer(trustProxy: Config['trustProxy']): (address: string | undefined) => boolean {
  if (trustProxy === true) return () => true;
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'number') return () => trustProxy >= 1;
  const list = blockListOf(
    trustProxy
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );
  return (address) => {
    if (!address) return false;
    const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    const family = isIP(plain) === 6 ? 'ipv6' : 'ipv4';
    return isIP(plain) !== 0 && list.check(plain, family);
  };
}

/**
 * The request id of an HTTP request or a socket's handshake: the trusted proxy's X-Request-Id
 * when it sent a plain one, a fresh id otherwise. Fastify's `genReqId`; it becomes `reqId` on
 * every log line of the request.
 */
export function requestIdOf(trustProxy: Config['trustProxy']): (request: IncomingMessage) => string {
  const trusted = trustsPeer(trustProxy);
  return (request) => {
    const sent = request.headers[REQUEST_ID_HEADER];
    const value = Array.isArray(sent) ? sent[0] : sent;
    if (value && ACCEPTED_ID.test(value) && trusted(request.socket?.remoteAddress)) return value;
    return newRequestId();
  };
}
