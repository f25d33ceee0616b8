import type { $Fetch } from 'ofetch';
import { usersPaths as paths } from './paths';
import type { BlockResponse, FollowResponse, UsersList } from './follows';
import type {
  BanStatus,
  BasicInfoBody,
  ChangePasswordBody,
  ChangePasswordResponse,
  ClearBehaviorResponse,
  HobbiesBody,
  NotificationSettingsBody,
  PeoplePage,
  PersonalizeBody,
  PersonalizeResponse,
  ProfileImagesBody,
  ProfileResponse,
  ProfileUpdateResponse,
  ReportProfileBody,
  ReportProfileResponse,
  SearchResults,
  SocialLinksBody,
  Suggestions,
} from './schemas';

/** The User API part of the typed client: follows and blocks, people, profiles, settings, personalization, reports. */
export function createUsersApi(http: $Fetch) {
  const put = <T>(path: string, body?: object) => http<T>(path, { method: 'PUT', ...(body ? { body } : {}) });
  return {
    follows: {
      follow: (userId: string) => http<FollowResponse>(paths.follows.follow(userId), { method: 'PUT' }),
      unfollow: (userId: string) => http<FollowResponse>(paths.follows.unfollow(userId), { method: 'PUT' }),
      block: (userId: string) => http<BlockResponse>(paths.follows.block(userId), { method: 'PUT' }),
      unblock: (userId: string) => http<BlockResponse>(paths.follows.unblock(userId), { method: 'PUT' }),
      followers: (userId: string, cursor?: string) => http<UsersList>(paths.follows.followers(userId), cursor ? { query: { cursor } } : {}),
      following: (userId: string, cursor?: string) => http<UsersList>(paths.follows.following(userId), cursor ? { query: { cursor } } : {}),
      blocked: () => http<UsersList>(paths.follows.blocked),
    },
    users: {
      suggestions: () => http<Suggestions>(paths.users.suggestions),
      all: (page: number) => http<PeoplePage>(paths.users.all(page)),
      search: (query: string) => http<SearchResults>(paths.users.search(query)),
      profile: (userId: string) => http<ProfileResponse>(paths.users.profile(userId)),
      changePassword: (body: ChangePasswordBody) => put<ChangePasswordResponse>(paths.users.changePassword, body),
      settings: (body: NotificationSettingsBody) => put<ProfileUpdateResponse>(paths.users.settings, body),
      basicInfo: (body: BasicInfoBody) => put<ProfileUpdateResponse>(paths.users.basicInfo, body),
      socialLinks: (body: SocialLinksBody) => put<ProfileUpdateResponse>(paths.users.socialLinks, body),
      hobbies: (body: HobbiesBody) => put<ProfileUpdateResponse>(paths.users.personalHobby, body),
      images: (body: ProfileImagesBody) => put<ProfileUpdateResponse>(paths.users.images, body),
      personalize: (body: PersonalizeBody) => put<PersonalizeResponse>(paths.users.personalize, body),
      clearInterests: () => put<PersonalizeResponse>(paths.users.clearPersonalize),
      clearBehavior: () => put<ClearBehaviorResponse>(paths.users.clearBehavior),
      banStatus: (userId: string) => http<BanStatus>(paths.users.banStatus(userId)),
      reportProfile: (body: ReportProfileBody) => http<ReportProfileResponse>(paths.users.reportProfile, { method: 'POST', body }),
    },
  };
}

export type UsersApi = ReturnType<typeof createUsersApi>;
