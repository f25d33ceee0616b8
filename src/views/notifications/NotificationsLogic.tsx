import { inboxLogic } from '../../effects/notifications/inbox';
import { areaLogic } from '../shared/areaLogic';

/** The inbox machine with its effects; tests provide a fake through the provider. */
export const { Provider: NotificationsLogicProvider, useLogic: useNotificationsLogic } = areaLogic((app) => inboxLogic(app));
