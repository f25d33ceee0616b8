import { createAccountDataApi, createAccountSessionsApi, createTwoFactorApi } from './account/client';
import { createAuthApi } from './auth/client';
import { createChatApi } from './chat/client';
import { createConfigApi, createHttp, type ApiClientOptions } from './http';
import { createGroupsApi } from './groups/client';
import { createMediaApi } from './media/client';
import { createModerationApi } from './moderation/client';
import { createNotificationsApi } from './notifications/client';
import { createSearchApi } from './search/client';
import { createStreamsApi } from './posts/client';
import { createUsersApi } from './users/client';

export type { ApiClientOptions } from './http';

/** The typed HTTP client built from the contract. Every request sends credentials and a bearer token when one is stored. */
export function createApiClient(options: ApiClientOptions) {
  const http = createHttp(options);
  return {
    http,
    ...createConfigApi(http),
    ...createAuthApi(http),
    ...createAccountSessionsApi(http),
    ...createChatApi(http),
    ...createGroupsApi(http),
    ...createStreamsApi(http),
    ...createUsersApi(http),
    ...createMediaApi(http),
    ...createModerationApi(http),
    ...createNotificationsApi(http),
    ...createSearchApi(http),
    ...createTwoFactorApi(http),
    ...createAccountDataApi(http),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
