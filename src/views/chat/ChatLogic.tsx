import { chatAreaLogic } from '../../effects/chat/area';
import { areaLogic } from '../shared/areaLogic';

/** The chat area's machines with their effects (chat, presence, group chat flows, message composer); tests provide fakes through the provider. */
export const { Provider: ChatLogicProvider, useLogic: useChatLogic } = areaLogic(chatAreaLogic);
