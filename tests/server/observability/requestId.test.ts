import { expect, it } from 'vitest';
import { newRequestId } from '../../../server/observability/requestId';

it('draws fresh ids of 16 hex digits from a pool of random bytes, none repeated across its refills', () => {
  const ids = Array.from({ length: 2000 }, () => newRequestId());
  for (const id of ids) expect(id).toMatch(/^[0-9a-f]{16}$/);
  expect(new Set(ids).size).toBe(ids.length);
});
