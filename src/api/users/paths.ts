import { path } from '../path';

/** People: follows, blocks, profiles and settings (the User API of spec section 7): this area's part of the one path table (src/api/paths.ts). */
export const usersPaths = {
  follows: {
    follow: path('/user/follow/:userId'),
    unfollow: path('/user/unfollow/:userId'),
    block: path('/user/block/:userId'),
    unblock: path('/user/unblock/:userId'),
    followers: path('/user/followers/:userId'),
    following: path('/user/following/:userId'),
    blocked: '/user/blocked',
  },
  users: {
    suggestions: '/user/profile/user/suggestions',
    all: path('/user/all/:page'),
    search: path('/user/profile/search/:query'),
    profile: path('/user/profile/:userId'),
    changePassword: '/user/profile/change-password',
    settings: '/user/profile/settings',
    basicInfo: '/user/profile/basic-info',
    socialLinks: '/user/profile/social-links',
    personalHobby: '/user/profile/personal-hobby',
    images: '/user/profile/images',
    personalize: '/user/profile/personalize-settings',
    clearPersonalize: '/user/profile/personalize-settings/clear',
    clearBehavior: '/user/profile/personalize-settings/clear/user-behavior',
    online: '/user/online',
    banStatus: path('/user/banuser/:userId'),
    reportProfile: '/reportprofile',
    /** Admins: the profile report queue (`?status=`, see src/api/moderation.ts). */
    reports: path('/reportprofile/:page').query<{ status?: string }>(),
  },
} as const;
