/** Which unique field a failed insert collided with, read from either database's error. */
export function uniqueViolation(error: unknown): 'username' | 'email' | 'other' | null {
  const { code, message = '', constraint = '' } = error as { code?: string; message?: string; constraint?: string };
  const isUnique = code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  if (!isUnique) return null;
  const where = `${constraint} ${message}`;
  if (where.includes('username_lower')) return 'username';
  if (where.includes('email')) return 'email';
  return 'other';
}
