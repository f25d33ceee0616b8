import { checkpointLogic } from '../../effects/checkpoint/checkpoint';
import { areaLogic } from '../shared/areaLogic';

/** The checkpoint pages' machines with their effects; tests provide fakes through the provider. */
export const { Provider: CheckpointLogicProvider, useLogic: useCheckpointLogic } = areaLogic((app) => checkpointLogic(app));
