import { describe, expect, it } from 'vitest';
import { SOCKET_PATH } from '../../../src/api/socket';
import { socketOrigin } from '../../../server/http/securityHeaders';
import { liveServer } from '../chatSockets';
import { dialects } from '../harness';

const SECURITY = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy'];

describe.each(dialects)('socket.io answers on %s', (dialect) => {
  const live = liveServer(dialect);

  it('carry the same security headers as every other answer, refusals included', async () => {
    const app = await fetch(`${live.url}/api/v1/health`);
    // Polling is off (websocket only), an unknown transport, and a handshake without the upgrade: socket.io's own refusals.
    for (const query of ['?EIO=4&transport=polling', '?EIO=4&transport=carrier-pigeon', '?EIO=4&transport=websocket']) {
      const refused = await fetch(`${live.url}${SOCKET_PATH}/${query}`);
      expect(refused.status, query).toBeGreaterThanOrEqual(400);
      for (const name of SECURITY) expect(refused.headers.get(name), `${name} on ${query}`).toBe(app.headers.get(name));
    }
  });

  it("names the public URL as the only websocket origin besides the page's own", () => {
    expect(socketOrigin('http://localhost:3000')).toBe('ws://localhost:3000');
    expect(socketOrigin('https://stoa.example.org')).toBe('wss://stoa.example.org');
  });
});
