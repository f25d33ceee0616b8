import { composerAreaLogic } from '../../effects/composer/area';
import { areaLogic } from '../shared/areaLogic';

/** The composer machine with its effects; tests provide fakes through the provider. */
export const { Provider: ComposerLogicProvider, useLogic: useComposerLogic } = areaLogic(composerAreaLogic);
