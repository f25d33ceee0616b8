import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountSessionsPaths,
  accountSessionsResponseSchema,
  endOtherSessionsResponseSchema,
  endSessionResponseSchema,
  sessionIdParamsSchema,
} from '../../../../src/api/account/sessions';
import { currentAuth } from '../../../http/authentication';
import type { SessionDevices } from './service';

const { list, end, endOthers } = accountSessionsPaths.accountSessions;

/** Where you are signed in: the member's sessions, ending one, ending all the others (docs/api.md). */
export const sessionsRoutes: FastifyPluginAsyncZod<{ devices: SessionDevices }> = async (app, { devices }) => {
  app.get(list, { schema: { response: { 200: accountSessionsResponseSchema } }, preHandler: app.authenticate }, async (request) => ({
    sessions: await devices.list(currentAuth(request)),
  }));

  app.delete(
    endOthers,
    { schema: { response: { 200: endOtherSessionsResponseSchema } }, preHandler: app.authenticate },
    async (request) => {
      const ended = await devices.endOthers(currentAuth(request));
      return { message: ended === 1 ? 'Signed out of 1 other session' : `Signed out of ${ended} other sessions`, ended };
    },
  );

  app.delete(
    end.route,
    { schema: { params: sessionIdParamsSchema, response: { 200: endSessionResponseSchema } }, preHandler: app.authenticate },
    async (request) => {
      await devices.end(currentAuth(request), request.params.sessionId);
      return { message: 'Session ended', sessionId: request.params.sessionId };
    },
  );
};
