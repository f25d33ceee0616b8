import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { DatabaseHandle } from '../../db/database';
import { createChatRooms, type ChatRooms } from '../../realtime/chatRooms';
import type { Notifier } from '../notifications/service';
import { createNotificationSettings } from '../users/notificationSettings';
import { createMessageNotifier } from './notifications';
import { createChatService, type ChatService } from './service';
import { createChatStore } from './store';

export { chatRoutes } from './routes';

export interface ChatServices {
  chat: ChatService;
  chatRooms: ChatRooms;
}

export function createChatServices(deps: {
  database: DatabaseHandle;
  clock: Clock;
  blockPartners: (userId: string) => Promise<string[]>;
  log: FastifyBaseLogger;
  inbox?: Pick<Notifier, 'notify' | 'forgetTarget'>;
}): ChatServices {
  const chatRooms = createChatRooms();
  const chat = createChatService({
    store: createChatStore(deps.database),
    blockPartners: deps.blockPartners,
    rooms: chatRooms,
    clock: deps.clock,
    notifier: createMessageNotifier({ settings: createNotificationSettings(deps.database), rooms: chatRooms, log: deps.log }),
    log: deps.log,
    ...(deps.inbox ? { inbox: deps.inbox } : {}),
  });
  return { chat, chatRooms };
}
