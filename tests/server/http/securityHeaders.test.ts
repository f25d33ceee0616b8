import { describe, expect, it } from 'vitest';
import { helmetHeaders, securityHeaders } from '../../../server/http/securityHeaders';

const csp = (config: Parameters<typeof securityHeaders>[0]) => helmetHeaders(securityHeaders(config))['content-security-policy'];
const directive = (policy: string | undefined, name: string) => policy?.split(';').find((d) => d.startsWith(`${name} `));

describe('the CSP with media in a bucket with a public URL', () => {
  const media = {
    kind: 's3' as const,
    bucket: 'stoa-media',
    region: 'eu-west-3',
    publicUrl: 'https://media.example.org/stoa',
    forcePathStyle: false,
  };

  it('lets the pages draw and play from the bucket, and the service worker fetch /media’s images there', () => {
    const policy = csp({ publicUrl: 'https://stoa.example.org', firebase: null, media });
    expect(directive(policy, 'img-src')).toContain('https://media.example.org');
    expect(directive(policy, 'media-src')).toContain('https://media.example.org');
    // The worker's fetch follows /media's redirect to the bucket: connect-src must allow it.
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' wss://stoa.example.org https://media.example.org");
  });

  it('names no bucket when the media are on disk', () => {
    const policy = csp({ publicUrl: 'https://stoa.example.org', firebase: null, media: { kind: 'disk' } });
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' wss://stoa.example.org");
  });
});
