import { streamsLogic } from '../../effects/streams/streams';
import { areaLogic } from '../shared/areaLogic';

/** The streams machines with their effects; tests provide fakes through the provider. */
export const { Provider: StreamsLogicProvider, useLogic: useStreamsLogic } = areaLogic(streamsLogic);
