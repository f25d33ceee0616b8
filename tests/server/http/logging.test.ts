import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../../src/api/paths';
import { createTestApp, type TestApp } from '../harness';

/** The app's log lines as written, in the format LOG_FORMAT names. */
async function appLogging(format: 'pretty' | 'json') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const t = await createTestApp('sqlite', { env: { LOG_LEVEL: 'info', LOG_FORMAT: format }, logStream: stream });
  return { t, lines };
}

describe('log lines', () => {
  let pretty: { t: TestApp; lines: string[] };
  let json: { t: TestApp; lines: string[] };
  beforeAll(async () => {
    pretty = await appLogging('pretty');
    json = await appLogging('json');
  });
  afterAll(async () => {
    await pretty.t.close();
    await json.t.close();
  });

  it('for a person: one short line per request, the reset token left out', async () => {
    pretty.lines.length = 0;
    await pretty.t.inject({ method: 'GET', url: `${API_BASE}/health` });
    await pretty.t.inject({ method: 'POST', url: `${API_BASE}/reset-password/secret-token-123`, payload: { password: 'x' } });
    expect(pretty.lines).toHaveLength(2);
    expect(pretty.lines[0]).toMatch(new RegExp(`^\\[\\d\\d:\\d\\d:\\d\\d\\] INFO: GET ${API_BASE}/health 200 \\d+ ms$`));
    expect(pretty.lines[1]).toMatch(
      new RegExp(`^\\[\\d\\d:\\d\\d:\\d\\d\\] INFO: POST ${API_BASE}/reset-password/\\[redacted\\] 4\\d\\d \\d+ ms$`),
    );
    expect(pretty.lines.join('\n')).not.toContain('secret-token-123');
  });

  it('for machines: JSON lines, the request and its answer as Fastify writes them', async () => {
    json.lines.length = 0;
    await json.t.inject({ method: 'GET', url: `${API_BASE}/health` });
    const entries = json.lines.map((line) => JSON.parse(line) as { msg: string; req?: { url: string }; res?: { statusCode: number } });
    expect(entries.map((e) => e.msg)).toEqual(['incoming request', 'request completed']);
    expect(entries[0]!.req!.url).toBe(`${API_BASE}/health`);
    expect(entries[1]!.res!.statusCode).toBe(200);
  });
});
