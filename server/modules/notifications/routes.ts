import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationDeletedSchema,
  notificationReadSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
  notificationsReadAllSchema,
  unreadCountSchema,
} from '../../../src/api/notifications';
import { paths } from '../../../src/api/paths';
import { idSchema } from '../../../src/api/posts';
import { viewerOf } from '../../core/visibility';
import type { NotificationService } from './service';

const entryParams = z.object({ notificationId: idSchema('Notification') });

/** The member's own inbox (paths are ours: the spec names none); docs/api.md, Notifications. */
export const notificationRoutes: FastifyPluginAsyncZod<{ notifications: NotificationService }> = async (app, { notifications }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    paths.notifications.page.route,
    { schema: { querystring: notificationsQuerySchema, response: { 200: notificationsPageSchema } } },
    async (request) => notifications.page(viewerOf(request), request.query.cursor),
  );

  app.get(paths.notifications.unreadCount, { schema: { response: { 200: unreadCountSchema } } }, async (request) =>
    notifications.unreadCount(viewerOf(request)),
  );

  app.put(paths.notifications.readAll, { schema: { response: { 200: notificationsReadAllSchema } } }, async (request) =>
    notifications.readAll(viewerOf(request)),
  );

  app.put(paths.notifications.read.route, { schema: { params: entryParams, response: { 200: notificationReadSchema } } }, async (request) =>
    notifications.read(viewerOf(request), request.params.notificationId),
  );

  app.delete(
    paths.notifications.one.route,
    { schema: { params: entryParams, response: { 200: notificationDeletedSchema } } },
    async (request) => notifications.remove(viewerOf(request), request.params.notificationId),
  );
};
