import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientConfigSchema, healthResponseSchema, type ClientConfig } from '../../src/api/config';
import { ENVIRONMENT } from '../../src/api/constants';
import { paths } from '../../src/api/paths';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/database';
import { HttpError } from './httpError';

/** Health (for load balancers and the start script) and what the client needs at run time. */
export const systemRoutes: FastifyPluginAsyncZod<{ config: Config; database: DatabaseHandle }> = async (app, opts) => {
  const clientConfig: ClientConfig = {
    env: ENVIRONMENT,
    googleSignIn: opts.config.firebase !== null,
    firebase: opts.config.firebase,
    supportEmail: opts.config.supportEmail,
  };

  app.get(paths.health, { schema: { response: { 200: healthResponseSchema } } }, async () => {
    try {
      await sql`select 1`.execute(opts.database.db);
    } catch {
      throw new HttpError(503, 'Database unavailable');
    }
    return { status: 'ok' as const, database: opts.database.dialect };
  });

  app.get(paths.config, { schema: { response: { 200: clientConfigSchema } } }, async () => clientConfig);
};
