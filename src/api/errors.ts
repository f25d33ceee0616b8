import { z } from 'zod';

/** The one failure shape of every API answer. `issues` only for validation errors. */
export const apiErrorSchema = z.object({
  message: z.string(),
  statusCode: z.number().int(),
  issues: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Reads the server's message out of anything a failed call threw, or falls back. */
export function errorMessage(error: unknown, fallback: string): string {
  const data = (error as { data?: unknown } | null)?.data;
  const parsed = apiErrorSchema.safeParse(data);
  if (parsed.success && parsed.data.message) return parsed.data.message;
  return fallback;
}
