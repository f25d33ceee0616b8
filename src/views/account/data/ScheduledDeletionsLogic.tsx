import { scheduledDeletionsLogic } from '../../../effects/account/scheduledDeletions';
import { areaLogic } from '../../shared/areaLogic';

/** The admin's scheduled deletions machine with its effect; tests provide a fake through the provider. */
export const { Provider: ScheduledDeletionsLogicProvider, useLogic: useScheduledDeletionsLogic } = areaLogic(() => scheduledDeletionsLogic());
