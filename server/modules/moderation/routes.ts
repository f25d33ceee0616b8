import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminMemberParamsSchema,
  adminMemberMoreQuerySchema,
  adminMemberPostsSchema,
  adminMemberReportsSchema,
  adminMemberSchema,
  adminPageParamsSchema,
  adminUserResponseSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  appealBodySchema,
  appealQueueQuerySchema,
  appealResponseSchema,
  appealsPageSchema,
  appealStatusBodySchema,
  auditPageSchema,
  auditQuerySchema,
  banBodySchema,
  bansPageSchema,
  countSchema,
  dashboardSchema,
  hiddenPostsPageSchema,
  hidePostBodySchema,
  hidePostResponseSchema,
  myAppealSchema,
  perMonthSchema,
  perYearSchema,
  postReportQueueQuerySchema,
  postReportQueueSchema,
  postReportStatusBodySchema,
  postReportStatusResponseSchema,
  postStatisticSchema,
  profileReportQueueSchema,
  profileReportStatusBodySchema,
  profileReportStatusResponseSchema,
  reportPostBodySchema,
  reportPostResponseSchema,
  reportQueueQuerySchema,
  unbanBodySchema,
  unhidePostBodySchema,
  userStatisticSchema,
  yearQuerySchema,
} from '../../../src/api/moderation';
import { paths } from '../../../src/api/paths';
import { currentAuth } from '../../http/authentication';
import { viewerOf } from '../../core/visibility';
import type { ModerationLimits } from './limits';
import type { ModerationService } from './service';

/** Every body here is small text. */
const SMALL_BODY = 16 * 1024;

export interface ModerationRoutesOptions {
  moderation: ModerationService;
  limits: ModerationLimits;
}

/**
 * What members send: post reports, and appeals (banned members too: the checkpoint page).
 * Authenticated before the body is read; the per-member limits count what was accepted.
 */
export const moderationMemberRoutes: FastifyPluginAsyncZod<ModerationRoutesOptions> = async (app, { moderation, limits }) => {
  app.post(
    paths.moderation.reportPost,
    {
      onRequest: app.authenticate,
      preHandler: limits.reports.guard,
      bodyLimit: SMALL_BODY,
      schema: { body: reportPostBodySchema, response: { 201: reportPostResponseSchema } },
    },
    async (request, reply) => {
      const report = await moderation.reports.reportPost(viewerOf(request), currentAuth(request).user, request.body);
      await limits.reports.record(request);
      return reply.code(201).send({ message: 'Report submitted', report });
    },
  );

  app.get(
    paths.moderation.appeal,
    {
      onRequest: app.authenticate,
      config: { allowBanned: true },
      schema: { response: { 200: myAppealSchema } },
    },
    async (request) => moderation.bans.myAppeal(viewerOf(request)),
  );

  app.post(
    paths.moderation.appeal,
    {
      onRequest: app.authenticate,
      preHandler: limits.appeals.guard,
      config: { allowBanned: true },
      bodyLimit: SMALL_BODY,
      schema: { body: appealBodySchema, response: { 201: appealResponseSchema } },
    },
    async (request, reply) => {
      const appeal = await moderation.bans.appeal(viewerOf(request), request.body.message);
      await limits.appeals.record(request);
      return reply.code(201).send({ message: 'Appeal submitted', appeal });
    },
  );
};

const pageParams = adminPageParamsSchema;
const noQuery = z.object({}).strict();

/**
 * The Admin API of spec section 7 (and the admin queues GET /reportprofile/{page} and GET
 * /reportpost): every route requires an admin, checked before the body is read (anonymous 401,
 * member 403 'Only administrators can do that', banned 403 with the banned message).
 */
export const moderationAdminRoutes: FastifyPluginAsyncZod<ModerationRoutesOptions> = async (app, { moderation }) => {
  app.addHook('onRequest', app.requireAdmin);
  const { statistics } = moderation;

  app.get(paths.admin.dashboard, { schema: { querystring: noQuery, response: { 200: dashboardSchema } } }, async () =>
    moderation.dashboard(),
  );

  // Statistics (spec section 7): counters and daily counts, by UTC day, month and year.
  app.get(paths.admin.newUsersToday, { schema: { querystring: noQuery, response: { 200: countSchema } } }, async () => ({
    count: await statistics.newUsersToday(),
  }));
  app.get(paths.admin.postCount, { schema: { querystring: noQuery, response: { 200: countSchema } } }, async () => ({
    count: await statistics.postsTotal(),
  }));
  app.get(paths.admin.userStatistic, { schema: { querystring: noQuery, response: { 200: userStatisticSchema } } }, async () =>
    statistics.users(),
  );
  app.get(paths.admin.postStatistic, { schema: { querystring: noQuery, response: { 200: postStatisticSchema } } }, async () =>
    statistics.posts(),
  );
  app.get(paths.admin.userPerYear, { schema: { querystring: noQuery, response: { 200: perYearSchema } } }, async () =>
    statistics.usersPerYear(),
  );
  app.get(paths.admin.postPerYear, { schema: { querystring: noQuery, response: { 200: perYearSchema } } }, async () =>
    statistics.postsPerYear(),
  );
  app.get(
    paths.admin.userPerMonth.route,
    { schema: { querystring: yearQuerySchema, response: { 200: perMonthSchema } } },
    async (request) => statistics.usersPerMonth(request.query.year ?? statistics.thisYear()),
  );
  app.get(
    paths.admin.postPerMonth.route,
    { schema: { querystring: yearQuerySchema, response: { 200: perMonthSchema } } },
    async (request) => statistics.postsPerMonth(request.query.year ?? statistics.thisYear()),
  );

  // Members and bans.
  app.get(
    paths.admin.users.route,
    { schema: { params: pageParams, querystring: adminUsersQuerySchema, response: { 200: adminUsersPageSchema } } },
    async (request) => moderation.users(request.params.page, request.query.search || undefined),
  );
  app.get(
    paths.admin.member.route,
    { schema: { params: adminMemberParamsSchema, querystring: noQuery, response: { 200: adminMemberSchema } } },
    async (request) => moderation.member(viewerOf(request), request.params.id),
  );
  app.get(
    paths.admin.memberReports.route,
    { schema: { params: adminMemberParamsSchema, querystring: adminMemberMoreQuerySchema, response: { 200: adminMemberReportsSchema } } },
    async (request) => moderation.memberReports(request.params.id, request.query.cursor),
  );
  app.get(
    paths.admin.memberPosts.route,
    { schema: { params: adminMemberParamsSchema, querystring: adminMemberMoreQuerySchema, response: { 200: adminMemberPostsSchema } } },
    async (request) => moderation.memberPosts(viewerOf(request), request.params.id, request.query.cursor),
  );
  app.get(
    paths.admin.bans.route,
    { schema: { params: pageParams, querystring: noQuery, response: { 200: bansPageSchema } } },
    async (request) => moderation.bans.bans(request.params.page),
  );
  app.post(
    paths.admin.ban,
    { bodyLimit: SMALL_BODY, schema: { body: banBodySchema, response: { 200: adminUserResponseSchema } } },
    async (request) => ({
      message: 'Member banned',
      user: await moderation.bans.ban(viewerOf(request), request.body.userId, request.body.reason),
    }),
  );
  app.post(
    paths.admin.unban,
    { bodyLimit: SMALL_BODY, schema: { body: unbanBodySchema, response: { 200: adminUserResponseSchema } } },
    async (request) => ({
      message: 'Member unbanned',
      user: await moderation.bans.unban(viewerOf(request), request.body.userId),
    }),
  );

  // Report queues.
  app.get(
    paths.users.reports.route,
    { schema: { params: pageParams, querystring: reportQueueQuerySchema, response: { 200: profileReportQueueSchema } } },
    async (request) => moderation.reports.profileQueue(request.params.page, request.query.status),
  );
  app.put(
    paths.admin.profileReportStatus,
    {
      bodyLimit: SMALL_BODY,
      schema: { body: profileReportStatusBodySchema, response: { 200: profileReportStatusResponseSchema } },
    },
    async (request) => ({
      message: `Report marked ${request.body.status}`,
      report: await moderation.reports.setProfileReportStatus(viewerOf(request), request.body.reportId, request.body.status),
    }),
  );
  app.get(
    paths.moderation.reportPost,
    { schema: { querystring: postReportQueueQuerySchema, response: { 200: postReportQueueSchema } } },
    async (request) => moderation.reports.postQueue(viewerOf(request), request.query.page, request.query.status),
  );
  app.put(
    paths.admin.postReportStatus,
    {
      bodyLimit: SMALL_BODY,
      schema: { body: postReportStatusBodySchema, response: { 200: postReportStatusResponseSchema } },
    },
    async (request) => moderation.reports.setPostReportStatus(viewerOf(request), request.body.postId, request.body.status),
  );

  // Appeals.
  app.get(
    paths.admin.appeals.route,
    { schema: { params: pageParams, querystring: appealQueueQuerySchema, response: { 200: appealsPageSchema } } },
    async (request) => moderation.bans.appeals(request.params.page, request.query.status),
  );
  app.put(
    paths.admin.appealStatus,
    { bodyLimit: SMALL_BODY, schema: { body: appealStatusBodySchema, response: { 200: appealResponseSchema } } },
    async (request) => {
      const { appealId, status, reply } = request.body;
      const appeal = await moderation.bans.decideAppeal(viewerOf(request), appealId, status, reply);
      return { message: status === 'approved' ? 'Appeal approved: the member is no longer banned' : 'Appeal rejected', appeal };
    },
  );

  // Hidden posts (the spec's "hirepost").
  app.get(
    paths.admin.hiddenPosts.route,
    { schema: { params: pageParams, querystring: noQuery, response: { 200: hiddenPostsPageSchema } } },
    async (request) => moderation.hiddenPosts(viewerOf(request), request.params.page),
  );
  app.post(
    paths.admin.hide,
    { bodyLimit: SMALL_BODY, schema: { body: hidePostBodySchema, response: { 200: hidePostResponseSchema } } },
    async (request) => ({
      message: 'Post hidden',
      post: await moderation.hide(viewerOf(request), request.body.postId, request.body.reason),
    }),
  );
  app.post(
    paths.admin.unhide,
    { bodyLimit: SMALL_BODY, schema: { body: unhidePostBodySchema, response: { 200: hidePostResponseSchema } } },
    async (request) => ({
      message: 'Post visible again',
      post: await moderation.unhide(viewerOf(request), request.body.postId),
    }),
  );

  // The audit log.
  app.get(
    paths.admin.audit.route,
    { schema: { params: pageParams, querystring: auditQuerySchema, response: { 200: auditPageSchema } } },
    async (request) => moderation.audit(request.params.page, request.query),
  );
};
