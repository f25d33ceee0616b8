import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paths } from '../../../src/api/paths';
import {
  banStatusSchema,
  basicInfoBodySchema,
  changePasswordBodySchema,
  changePasswordResponseSchema,
  clearBehaviorResponseSchema,
  hobbiesBodySchema,
  notificationSettingsBodySchema,
  onlineUsersSchema,
  peoplePageParamsSchema,
  peoplePageSchema,
  personalizeBodySchema,
  personalizeResponseSchema,
  profileImagesBodySchema,
  profileResponseSchema,
  profileUpdateResponseSchema,
  reportProfileBodySchema,
  socialLinksBodySchema,
  reportProfileResponseSchema,
  searchParamsSchema,
  searchResultsSchema,
  suggestionsSchema,
  userIdParamsSchema,
} from '../../../src/api/users';
import type { Config } from '../../config';
import { currentAuth } from '../../http/authentication';
import { perIp, type KeyedLimit } from '../../http/rateLimits';
import { viewerOf } from '../../core/visibility';
import { presentUser } from '../../core/presentUser';
import type { ProfileService } from './profileService';

/** Every body here is small text. */
const SMALL_BODY = 16 * 1024;

/** The User API of spec section 7 (the profile posts and answers paths live with the streams; the admin's profile report queue with moderation). */
export const userRoutes: FastifyPluginAsyncZod<{
  config: Pick<Config, 'rateLimits'>;
  profiles: ProfileService;
  reportLimit: KeyedLimit;
}> = async (app, opts) => {
  const { profiles } = opts;
  app.addHook('onRequest', app.authenticate);

  app.get(paths.users.suggestions, { schema: { response: { 200: suggestionsSchema } } }, async (request) =>
    profiles.suggestions(viewerOf(request)),
  );

  app.get(paths.users.all.route, { schema: { params: peoplePageParamsSchema, response: { 200: peoplePageSchema } } }, async (request) =>
    profiles.page(viewerOf(request), request.params.page),
  );

  app.get(paths.users.search.route, { schema: { params: searchParamsSchema, response: { 200: searchResultsSchema } } }, async (request) =>
    profiles.search(viewerOf(request), request.params.query),
  );

  app.get(paths.users.online, { schema: { response: { 200: onlineUsersSchema } } }, async (request) => ({
    userIds: await profiles.onlineUserIds(viewerOf(request)),
  }));

  app.get(
    paths.users.profile.route,
    { schema: { params: userIdParamsSchema, response: { 200: profileResponseSchema } } },
    async (request) => ({ user: await profiles.profile(viewerOf(request), request.params.userId) }),
  );

  app.put(
    paths.users.changePassword,
    {
      schema: { body: changePasswordBodySchema, response: { 200: changePasswordResponseSchema } },
      bodyLimit: SMALL_BODY,
      // Guessing the current password from a stolen session is limited like signing in.
      config: { rateLimit: perIp(opts.config.rateLimits.signInPerIp) },
    },
    async (request) => {
      const { token, user } = await profiles.changePassword(currentAuth(request), request.body.currentPassword, request.body.newPassword);
      return { message: 'Password changed successfully', token, user: presentUser(user) };
    },
  );

  const edit = { bodyLimit: SMALL_BODY } as const;

  app.put(
    paths.users.settings,
    { ...edit, schema: { body: notificationSettingsBodySchema, response: { 200: profileUpdateResponseSchema } } },
    async (request) => ({
      message: 'Notification settings updated',
      user: await profiles.notificationSettings(viewerOf(request), request.body),
    }),
  );

  app.put(
    paths.users.basicInfo,
    { ...edit, schema: { body: basicInfoBodySchema, response: { 200: profileUpdateResponseSchema } } },
    async (request) => ({ message: 'Basic info updated', user: await profiles.basicInfo(viewerOf(request), request.body) }),
  );

  app.put(
    paths.users.socialLinks,
    { ...edit, schema: { body: socialLinksBodySchema, response: { 200: profileUpdateResponseSchema } } },
    async (request) => ({ message: 'Social links updated', user: await profiles.socialLinks(viewerOf(request), request.body) }),
  );

  app.put(
    paths.users.personalHobby,
    { ...edit, schema: { body: hobbiesBodySchema, response: { 200: profileUpdateResponseSchema } } },
    async (request) => ({ message: 'Hobbies updated', user: await profiles.hobbies(viewerOf(request), request.body) }),
  );

  app.put(
    paths.users.images,
    { ...edit, schema: { body: profileImagesBodySchema, response: { 200: profileUpdateResponseSchema } } },
    async (request) => ({ message: 'Profile images updated', user: await profiles.images(viewerOf(request), request.body) }),
  );

  app.put(
    paths.users.personalize,
    { ...edit, schema: { body: personalizeBodySchema, response: { 200: personalizeResponseSchema } } },
    async (request) => ({
      message: 'Personalization settings updated',
      personalizeSettings: await profiles.personalize(viewerOf(request), request.body),
    }),
  );

  app.put(paths.users.clearPersonalize, { ...edit, schema: { response: { 200: personalizeResponseSchema } } }, async (request) => ({
    message: 'Interests cleared',
    personalizeSettings: await profiles.clearInterests(viewerOf(request)),
  }));

  app.put(paths.users.clearBehavior, { ...edit, schema: { response: { 200: clearBehaviorResponseSchema } } }, async (request) => ({
    message: 'Recorded behaviour cleared',
    cleared: await profiles.clearBehavior(viewerOf(request)),
  }));

  app.get(
    paths.users.banStatus.route,
    {
      schema: { params: userIdParamsSchema, response: { 200: banStatusSchema } },
      // The checkpoint page of a banned member reads it.
      config: { allowBanned: true },
    },
    async (request) => profiles.banStatus(viewerOf(request), request.params.userId),
  );

  // Counted with post reports, per member (REPORT_LIMIT; made by server/modules/moderation/limits.ts); only accepted ones count.
  app.post(
    paths.users.reportProfile,
    {
      ...edit,
      preHandler: opts.reportLimit.guard,
      schema: { body: reportProfileBodySchema, response: { 201: reportProfileResponseSchema } },
    },
    async (request, reply) => {
      const report = await profiles.reportProfile(viewerOf(request), request.body);
      await opts.reportLimit.record(request);
      return reply.code(201).send({ message: 'Report submitted', report });
    },
  );
};
