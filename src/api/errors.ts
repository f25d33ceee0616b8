import { z } from 'zod';

/** The one failure shape of every API answer. `issues` only for validation errors. */
export const apiErrorSchema = z.object({
  message: z.string(),
  statusCode: z.number().int(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

// Read on the client by ./errorBody, without zod.
