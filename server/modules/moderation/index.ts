export { createModerationLimits, type ModerationLimits } from './limits';
export { moderationAdminRoutes, moderationMemberRoutes } from './routes';
export { createModerationService, type ModerationService } from './service';
