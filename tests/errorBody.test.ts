import { describe, expect, it } from 'vitest';
import { apiErrorOf, errorMessage } from '../src/api/errorBody';
import { apiErrorSchema } from '../src/api/errors';

// The client reads failure bodies by hand (no zod in the first load); it must accept exactly what the schema accepts.
const bodies: unknown[] = [
  { message: 'Username or password is wrong', statusCode: 401 },
  { message: 'Invalid body', statusCode: 400, issues: [{ path: 'email', message: 'Email is required' }] },
  { message: '', statusCode: 500 },
  { message: 'x', statusCode: 400, issues: [] },
  { message: 'x', statusCode: 400.5 },
  { message: 'x', statusCode: '400' },
  { message: 42, statusCode: 400 },
  { statusCode: 400 },
  { message: 'x', statusCode: 400, issues: [{ path: 1, message: 'm' }] },
  { message: 'x', statusCode: 400, issues: 'none' },
  { message: 'x', statusCode: 400, extra: true },
  null,
  'Bad gateway',
  [],
  undefined,
];

describe('apiErrorOf', () => {
  it.each(bodies.map((body) => [JSON.stringify(body) ?? 'undefined', body] as const))('agrees with apiErrorSchema on %s', (_name, body) => {
    const parsed = apiErrorSchema.safeParse(body);
    expect(apiErrorOf({ data: body })).toEqual(parsed.success ? parsed.data : null);
  });

  it('reads the message of what ofetch threw, else the fallback', () => {
    expect(errorMessage({ data: { message: 'Email is taken', statusCode: 409 } }, 'Sign-up failed')).toBe('Email is taken');
    expect(errorMessage({ data: { message: '', statusCode: 500 } }, 'Sign-up failed')).toBe('Sign-up failed');
    expect(errorMessage(new TypeError('fetch failed'), 'Sign-up failed')).toBe('Sign-up failed');
    expect(errorMessage(null, 'Sign-up failed')).toBe('Sign-up failed');
  });
});
