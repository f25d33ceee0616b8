import { path } from './path';

/**
 * Every HTTP path of the API, relative to API_BASE. Client and server both take their paths
 * from here; a path exists in this file only. A path with parameters is its Fastify pattern
 * (`path(...)`): call it for the client's URL, read `.route` for the server's route. A path
 * without parameters is a plain string, its own route.
 */
export const API_BASE = '/api/v1';

export const paths = {
  health: '/health',
  config: '/config',
  auth: {
    signup: '/signup',
    signin: '/signin',
    signout: '/signout',
    currentUser: '/currentuser',
    checkUser: path('/checkUser/:authId'),
    forgotPassword: '/forgot-password',
    resetPassword: path('/reset-password/:token'),
    adminSignup: '/admin/signup',
    adminSignin: '/admin/signin',
  },
  posts: {
    create: '/post',
    createImage: '/post/image/post',
    createVideo: '/post/video/post',
    all: path('/post/all/:page'),
    /** "For you": the ranked stream (src/api/forYou.ts). */
    forYou: path('/post/foryou').query<{ cursor?: string }>(),
    /** The most used hashtags of the last day among what the reader may see. */
    trending: '/hashtags/trending',
    one: path('/post/:postId'),
    byUser: path('/post/user/:userId/:page'),
    updateImage: path('/post/image/:postId'),
    updateVideo: path('/post/video/:postId'),
    images: path('/post/images/:page'),
    videos: path('/post/videos/:page'),
    /** `kind`: 'posts' | 'questions' | 'all'. */
    profile: path('/user/profile/posts/:userId/:kind/:page'),
    group: {
      create: path('/post/group/:groupId'),
      posts: path('/group/:groupId/posts/:page'),
      pending: path('/group/:groupId/postspending/:page'),
      accept: path('/group/post/:postId/accept'),
      decline: path('/group/post/:postId/decline'),
    },
  },
  questions: {
    create: '/question',
    all: path('/question/all/:page'),
    one: path('/question/:questionId'),
    answer: path('/question/:questionId/answer'),
    accept: path('/question/:questionId/accept/:answerId'),
    unaccept: path('/question/:questionId/accept'),
    editAnswer: path('/question/answer/:answerId'),
    /** `filter`: 'all' | 'accepted'; `order`: 'newest' | 'oldest'. */
    userAnswers: path('/user/profile/answers/:userId/:filter/:order').query<{ page: number }>(),
  },
  reactions: {
    react: '/post/reaction',
    remove: path('/post/reaction/:postId'),
    /** The spec's shape; the last two segments are accepted and ignored (counts are the server's). */
    removeLegacy: path('/post/reaction/:postId/:previousReaction/:postReactions'),
    ofPost: path('/post/reactions/:postId'),
    byUsername: path('/post/reactions/username/:username'),
    single: path('/post/single/reaction/username/:username/:postId'),
  },
  comments: {
    create: '/post/comment',
    ofPost: path('/post/comments/:postId'),
    names: path('/post/commentsnames/:postId'),
    one: path('/post/comment/:commentId'),
  },
  saved: {
    toggle: '/favpost',
    page: path('/favpost/:page'),
  },
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
  /** Moderation (src/api/moderation.ts): what members send, and the Admin API of spec section 7. */
  moderation: {
    reportPost: '/reportpost',
    /** Admins: the post report queue, one item per reported post. */
    postReports: path('/reportpost').query<{ status?: string; page?: number }>(),
    appeal: '/appeal',
  },
  admin: {
    dashboard: '/admin/dashboard',
    newUsersToday: '/admin/newusertoday',
    postCount: '/admin/getpostcount',
    userStatistic: '/admin/statistic/user',
    userPerYear: '/admin/statistic/userperyear',
    userPerMonth: path('/admin/statistic/userpermonth').query<{ year?: number }>(),
    postStatistic: '/admin/statistic/post',
    postPerYear: '/admin/statistic/postperyear',
    postPerMonth: path('/admin/statistic/postpermonth').query<{ year?: number }>(),
    users: path('/admin/users/all/:page').query<{ search?: string }>(),
    bans: path('/admin/banuser/:page'),
    ban: '/admin/banuser',
    unban: '/admin/unbanuser',
    profileReportStatus: '/admin/reportprofile/status',
    postReportStatus: '/admin/reportpost/status',
    appeals: path('/admin/appeal/:page').query<{ status?: string }>(),
    appealStatus: '/admin/appeal/status',
    /** The spec's "hirepost" is hiding a post. */
    hiddenPosts: path('/admin/hirepost/:page'),
    hide: '/admin/hirepost',
    unhide: '/admin/unhirepost',
    audit: path('/admin/audit/:page').query<{ action?: string; admin?: string; target?: string }>(),
  },
  images: {
    ofUser: path('/images/:userId'),
    upload: path('/images/:kind'),
    remove: path('/images/:imageId'),
  },
  chat: {
    conversationList: '/chat/message/conversation-list',
    /** `id`: the other member (private) or the group (isGroupChat); `after`: catch up from that seq. */
    messages: path('/chat/message/user/:id').query<{ isGroupChat?: boolean; after?: number; before?: number; limit?: number }>(),
    addChatUsers: '/chat/message/add-chat-users',
    removeChatUsers: '/chat/message/remove-chat-users',
    markAsRead: '/chat/message/mark-as-read',
    send: '/chat/message',
    reaction: '/chat/message/reaction',
    /** `type`: 'deleteForMe' | 'deleteForEveryone'. */
    markAsDeleted: path('/chat/message/mark-as-deleted/:messageId/:senderId/:receiverId/:type'),
  },
  groupChat: {
    create: '/group-chat/create',
    invitations: '/group-chat/invitations',
    accept: path('/group-chat/invitation/accept/:groupId'),
    decline: path('/group-chat/invitation/decline/:groupId'),
    leave: path('/group-chat/leave/:groupId'),
    userGroups: path('/group-chat/user-group/:userId'),
    one: path('/group-chat/:groupId'),
    addMembers: path('/group-chat/add-members/:groupId'),
    promote: path('/group-chat/promote/:groupId/:userId'),
    removeMember: path('/group-chat/remove-members/:groupId/:userId'),
    checkMember: path('/group-chat/check-member/:groupId/:userId'),
    read: path('/group-chat/read/:groupId'),
    sendMessage: '/group/message',
  },
  /** Groups (the /group/... family); group posts are under posts.group. */
  groups: {
    create: '/group/create',
    userGroups: path('/group/user-group/:userId'),
    invitations: '/group/invitations',
    all: path('/group/allgroups').query<{ search?: string; cursor?: string }>(),
    one: path('/group/:groupId'),
    /** Ours: the rest of a group's member list, a page at a time (`?cursor=`). */
    members: path('/group/:groupId/members'),
    notJoined: '/group/not-joined',
    acceptInvitation: path('/group/invitation/accept/:groupId'),
    declineInvitation: path('/group/invitation/decline/:groupId'),
    join: path('/group/join/:groupId'),
    pending: path('/group/pending-admin/:groupId'),
    approve: path('/group/approve-member/:groupId/:userId'),
    reject: path('/group/reject-member/:groupId/:userId'),
    leave: path('/group/leave/:groupId'),
    addMembers: path('/group/add-members/:groupId'),
    removeMembers: path('/group/remove-members/:groupId'),
    /** Ours: the spec names promoting (section 4) but no path. */
    promote: path('/group/promote/:groupId/:userId'),
  },
  /** Ours: the notifications inbox (src/api/notifications.ts); the spec names no path. */
  notifications: {
    page: path('/notifications').query<{ cursor?: string }>(),
    unreadCount: '/notifications/unread-count',
    read: path('/notifications/read/:notificationId'),
    readAll: '/notifications/read-all',
    one: path('/notifications/:notificationId'),
  },
  /** Search (src/api/search.ts): every kind's first page, one kind's pages, and search by image. */
  search: {
    all: path('/search/:query'),
    kind: path('/search/:kind/:query').query<{ cursor?: string }>(),
    image: '/search/image',
  },
} as const;

const image = path('/media/image/upload/:version/:id');
const video = path('/media/video/upload/:version/:name');

/**
 * Where the server serves uploaded media; the spec's URL shape under /media, outside API_BASE
 * (plain files for <img> and <video>, not the JSON API). The version segment is `v` and a number.
 */
export const mediaPaths = {
  image: Object.assign((version: number | string, id: string) => image(`v${version}`, id), { route: image.route }),
  video: Object.assign((version: number | string, name: string) => video(`v${version}`, name), { route: video.route }),
} as const;
