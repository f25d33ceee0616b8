import { createChatRooms } from '../../realtime/chatRooms';
import type { AreaPlugin } from '../areaPlugin';
import { createNotificationSettings } from '../users/notificationSettings';
import { createMessageNotifier } from './notifications';
import { chatRoutes } from './routes';
import { createChatService } from './service';
import { createChatStore } from './store';

/** Private and group chat; its socket rooms are attached by the realtime layer. */
export const chatArea: AreaPlugin = {
  name: 'chat',
  // users: the block lists; notifications: the inbox entries of messages.
  dependencies: ['users', 'notifications'],
  build: ({ app, database, clock }, built) => {
    const chatRooms = createChatRooms();
    const chat = createChatService({
      store: createChatStore(database),
      blockPartners: built.users.blockPartners,
      rooms: chatRooms,
      clock,
      notifier: createMessageNotifier({ settings: createNotificationSettings(database), rooms: chatRooms, log: app.log }),
      log: app.log,
      inbox: built.notifications,
    });
    return {
      services: { chat, chatRooms },
      routes: async (api) => {
        await api.register(chatRoutes, { chat });
      },
    };
  },
};
