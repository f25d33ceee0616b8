import { describe, expect, it } from 'vitest';
import { createApiClient } from '../src/api/client';
import { API_BASE } from '../src/api/paths';

describe('api client', () => {
  it('sends every call through the fetch it is given, with the bearer token', async () => {
    const calls: { url: string; authorization: string | null }[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      calls.push({ url: request.url, authorization: request.headers.get('Authorization') });
      return new Response(JSON.stringify({ groups: [] }), { headers: { 'content-type': 'application/json' } });
    };
    const client = createApiClient({ baseURL: 'http://stoa.test', getToken: () => 'token-1', fetch: fetch as typeof globalThis.fetch });
    expect(await client.http('/group/not-joined')).toEqual({ groups: [] });
    expect(calls).toEqual([{ url: `http://stoa.test${API_BASE}/group/not-joined`, authorization: 'Bearer token-1' }]);
  });
});
