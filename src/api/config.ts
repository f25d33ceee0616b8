import { z } from 'zod';

/** GET /config: what the client needs to know at run time. */
export const clientConfigSchema = z.object({
  env: z.literal('DEV'),
  googleSignIn: z.boolean(),
  firebase: z.object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string(), appId: z.string() }).nullable(),
  /** Where members may write for help (the server's SUPPORT_EMAIL), or null when none is configured. */
  supportEmail: z.string().nullable(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const healthResponseSchema = z.object({ status: z.literal('ok'), database: z.string() });

/** GET /ready when every check passes (a failing one answers 503 with the error shape, naming it). */
export const readyResponseSchema = z.object({
  status: z.literal('ready'),
  database: z.string(),
  redis: z.enum(['ok', 'not configured']),
  migrations: z.literal('done'),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;
