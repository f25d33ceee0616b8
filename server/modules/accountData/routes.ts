import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountDataPaths,
  dataExportStateSchema,
  deletionBodySchema,
  deletionStateSchema,
  exportLinkSchema,
  scheduledDeletionsSchema,
} from '../../../src/api/account/data';
import { currentAuth } from '../../http/authentication';
import type { AccountDataService } from './service';

const paths = accountDataPaths.accountData;

/** Your data (docs/api.md, "Your data"): the member's export and deletion, and the admins' list of scheduled deletions. */
export const accountDataRoutes: FastifyPluginAsyncZod<{ accountData: AccountDataService }> = async (app, { accountData }) => {
  // Authenticated before the body is read: an anonymous call is a 401, not a 400 about the body.
  const member = { onRequest: app.authenticate };

  app.get(paths.export, { ...member, schema: { response: { 200: dataExportStateSchema } } }, async (request) =>
    accountData.exportState(currentAuth(request).userId),
  );

  app.post(paths.export, { ...member, schema: { response: { 202: dataExportStateSchema } } }, async (request, reply) => {
    const auth = currentAuth(request);
    reply.code(202);
    return accountData.startExport(auth.userId, auth.username);
  });

  app.post(paths.exportLink, { ...member, schema: { response: { 200: exportLinkSchema } } }, async (request) =>
    accountData.exportLink(currentAuth(request).userId),
  );

  // No bearer token: the browser follows the link. The signed token names the export and its owner.
  app.get(paths.exportDownload.route, { schema: { params: z.object({ token: z.string().min(1).max(512) }) } }, async (request, reply) => {
    const archive = await accountData.openDownload(request.params.token);
    reply
      .header('Content-Type', 'application/zip')
      .header('Content-Length', String(archive.size))
      .header('Content-Disposition', `attachment; filename="${archive.name}"`)
      .header('Cache-Control', 'private, no-store');
    return reply.send(createReadStream(archive.file));
  });

  app.get(paths.deletion, { ...member, schema: { response: { 200: deletionStateSchema } } }, async (request) =>
    accountData.deletionState(currentAuth(request).userId),
  );

  app.post(
    paths.deletion,
    { ...member, schema: { body: deletionBodySchema, response: { 200: deletionStateSchema } }, bodyLimit: 8 * 1024 },
    async (request) => {
      const auth = currentAuth(request);
      return accountData.scheduleDeletion(auth.userId, auth.user.password_hash, request.body.password, request.body.code);
    },
  );

  app.delete(paths.deletion, { ...member, schema: { response: { 200: deletionStateSchema } } }, async (request) =>
    accountData.cancelDeletion(currentAuth(request).userId),
  );

  app.get(paths.scheduledDeletions, { onRequest: app.requireAdmin, schema: { response: { 200: scheduledDeletionsSchema } } }, async () =>
    accountData.scheduledDeletions(),
  );
};
