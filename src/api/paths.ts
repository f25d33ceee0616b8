/**
 * Every HTTP path of the API, relative to API_BASE. Client and server both build their
 * routes from here; a path exists in this file only.
 * Functions build concrete URLs for the client; `route` holds the Fastify pattern.
 */
export const API_BASE = '/api/v1';

/** A path with the query parameters that are set (undefined and '' are left out). */
function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export const paths = {
  health: '/health',
  config: '/config',
  auth: {
    signup: '/signup',
    signin: '/signin',
    signout: '/signout',
    currentUser: '/currentuser',
    checkUser: (authId: string) => `/checkUser/${encodeURIComponent(authId)}`,
    forgotPassword: '/forgot-password',
    resetPassword: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
    adminSignup: '/admin/signup',
    adminSignin: '/admin/signin',
  },
  posts: {
    create: '/post',
    createImage: '/post/image/post',
    createVideo: '/post/video/post',
    all: (page: number) => `/post/all/${page}`,
    /** "For you": the ranked stream (src/api/forYou.ts). */
    forYou: (cursor?: string) => withQuery('/post/foryou', { cursor }),
    /** The most used hashtags of the last day among what the reader may see. */
    trending: '/hashtags/trending',
    one: (postId: string) => `/post/${encodeURIComponent(postId)}`,
    byUser: (userId: string, page: number) => `/post/user/${encodeURIComponent(userId)}/${page}`,
    updateImage: (postId: string) => `/post/image/${encodeURIComponent(postId)}`,
    updateVideo: (postId: string) => `/post/video/${encodeURIComponent(postId)}`,
    images: (page: number) => `/post/images/${page}`,
    videos: (page: number) => `/post/videos/${page}`,
    profile: (userId: string, kind: 'posts' | 'questions' | 'all', page: number) =>
      `/user/profile/posts/${encodeURIComponent(userId)}/${kind}/${page}`,
    group: {
      create: (groupId: string) => `/post/group/${encodeURIComponent(groupId)}`,
      posts: (groupId: string, page: number) => `/group/${encodeURIComponent(groupId)}/posts/${page}`,
      pending: (groupId: string, page: number) => `/group/${encodeURIComponent(groupId)}/postspending/${page}`,
      accept: (postId: string) => `/group/post/${encodeURIComponent(postId)}/accept`,
      decline: (postId: string) => `/group/post/${encodeURIComponent(postId)}/decline`,
    },
  },
  questions: {
    create: '/question',
    all: (page: number) => `/question/all/${page}`,
    one: (questionId: string) => `/question/${encodeURIComponent(questionId)}`,
    answer: (questionId: string) => `/question/${encodeURIComponent(questionId)}/answer`,
    accept: (questionId: string, answerId: string) =>
      `/question/${encodeURIComponent(questionId)}/accept/${encodeURIComponent(answerId)}`,
    unaccept: (questionId: string) => `/question/${encodeURIComponent(questionId)}/accept`,
    editAnswer: (answerId: string) => `/question/answer/${encodeURIComponent(answerId)}`,
    userAnswers: (userId: string, filter: 'all' | 'accepted', order: 'newest' | 'oldest', page: number) =>
      `/user/profile/answers/${encodeURIComponent(userId)}/${filter}/${order}?page=${page}`,
  },
  reactions: {
    react: '/post/reaction',
    remove: (postId: string) => `/post/reaction/${encodeURIComponent(postId)}`,
    /** The spec's shape; the last two segments are accepted and ignored (counts are the server's). */
    removeLegacy: (postId: string, previousReaction: string, postReactions: unknown) =>
      `/post/reaction/${encodeURIComponent(postId)}/${encodeURIComponent(previousReaction)}/${encodeURIComponent(JSON.stringify(postReactions))}`,
    ofPost: (postId: string) => `/post/reactions/${encodeURIComponent(postId)}`,
    byUsername: (username: string) => `/post/reactions/username/${encodeURIComponent(username)}`,
    single: (username: string, postId: string) =>
      `/post/single/reaction/username/${encodeURIComponent(username)}/${encodeURIComponent(postId)}`,
  },
  comments: {
    create: '/post/comment',
    ofPost: (postId: string) => `/post/comments/${encodeURIComponent(postId)}`,
    names: (postId: string) => `/post/commentsnames/${encodeURIComponent(postId)}`,
    one: (commentId: string) => `/post/comment/${encodeURIComponent(commentId)}`,
  },
  saved: {
    toggle: '/favpost',
    page: (page: number) => `/favpost/${page}`,
  },
  follows: {
    follow: (userId: string) => `/user/follow/${encodeURIComponent(userId)}`,
    unfollow: (userId: string) => `/user/unfollow/${encodeURIComponent(userId)}`,
    block: (userId: string) => `/user/block/${encodeURIComponent(userId)}`,
    unblock: (userId: string) => `/user/unblock/${encodeURIComponent(userId)}`,
    followers: (userId: string) => `/user/followers/${encodeURIComponent(userId)}`,
    following: (userId: string) => `/user/following/${encodeURIComponent(userId)}`,
    blocked: '/user/blocked',
  },
  users: {
    suggestions: '/user/profile/user/suggestions',
    all: (page: number) => `/user/all/${page}`,
    search: (query: string) => `/user/profile/search/${encodeURIComponent(query)}`,
    profile: (userId: string) => `/user/profile/${encodeURIComponent(userId)}`,
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
    banStatus: (userId: string) => `/user/banuser/${encodeURIComponent(userId)}`,
    reportProfile: '/reportprofile',
    /** Admins: the profile report queue (`?status=`, see src/api/moderation.ts). */
    reports: (page: number, status?: string) => `/reportprofile/${page}${status ? `?status=${encodeURIComponent(status)}` : ''}`,
  },
  /** Moderation (src/api/moderation.ts): what members send, and the Admin API of spec section 7. */
  moderation: {
    reportPost: '/reportpost',
    /** Admins: the post report queue, one item per reported post. */
    postReports: (query: { status?: string; page?: number } = {}) => withQuery('/reportpost', query),
    appeal: '/appeal',
  },
  admin: {
    dashboard: '/admin/dashboard',
    newUsersToday: '/admin/newusertoday',
    postCount: '/admin/getpostcount',
    userStatistic: '/admin/statistic/user',
    userPerYear: '/admin/statistic/userperyear',
    userPerMonth: (year?: number) => withQuery('/admin/statistic/userpermonth', { year }),
    postStatistic: '/admin/statistic/post',
    postPerYear: '/admin/statistic/postperyear',
    postPerMonth: (year?: number) => withQuery('/admin/statistic/postpermonth', { year }),
    users: (page: number, search?: string) => withQuery(`/admin/users/all/${page}`, { search }),
    bans: (page: number) => `/admin/banuser/${page}`,
    ban: '/admin/banuser',
    unban: '/admin/unbanuser',
    profileReportStatus: '/admin/reportprofile/status',
    postReportStatus: '/admin/reportpost/status',
    appeals: (page: number, status?: string) => withQuery(`/admin/appeal/${page}`, { status }),
    appealStatus: '/admin/appeal/status',
    /** The spec's "hirepost" is hiding a post. */
    hiddenPosts: (page: number) => `/admin/hirepost/${page}`,
    hide: '/admin/hirepost',
    unhide: '/admin/unhirepost',
    audit: (page: number, filters: { action?: string; admin?: string; target?: string } = {}) =>
      withQuery(`/admin/audit/${page}`, { action: filters.action, admin: filters.admin, target: filters.target }),
  },
  images: {
    ofUser: (userId: string) => `/images/${encodeURIComponent(userId)}`,
    upload: (kind: string) => `/images/${encodeURIComponent(kind)}`,
    remove: (imageId: string) => `/images/${encodeURIComponent(imageId)}`,
  },
  chat: {
    conversationList: '/chat/message/conversation-list',
    /** `id`: the other member (private) or the group (isGroupChat); `after`: catch up from that seq. */
    messages: (id: string, opts: { isGroupChat?: boolean; after?: number; before?: number; limit?: number } = {}) => {
      const query = new URLSearchParams();
      if (opts.isGroupChat !== undefined) query.set('isGroupChat', String(opts.isGroupChat));
      if (opts.after !== undefined) query.set('after', String(opts.after));
      if (opts.before !== undefined) query.set('before', String(opts.before));
      if (opts.limit !== undefined) query.set('limit', String(opts.limit));
      const text = query.toString();
      return `/chat/message/user/${encodeURIComponent(id)}${text ? `?${text}` : ''}`;
    },
    addChatUsers: '/chat/message/add-chat-users',
    removeChatUsers: '/chat/message/remove-chat-users',
    markAsRead: '/chat/message/mark-as-read',
    send: '/chat/message',
    reaction: '/chat/message/reaction',
    markAsDeleted: (messageId: string, senderId: string, receiverId: string, type: 'deleteForMe' | 'deleteForEveryone') =>
      `/chat/message/mark-as-deleted/${encodeURIComponent(messageId)}/${encodeURIComponent(senderId)}/${encodeURIComponent(receiverId)}/${type}`,
  },
  groupChat: {
    create: '/group-chat/create',
    invitations: '/group-chat/invitations',
    accept: (groupId: string) => `/group-chat/invitation/accept/${encodeURIComponent(groupId)}`,
    decline: (groupId: string) => `/group-chat/invitation/decline/${encodeURIComponent(groupId)}`,
    leave: (groupId: string) => `/group-chat/leave/${encodeURIComponent(groupId)}`,
    userGroups: (userId: string) => `/group-chat/user-group/${encodeURIComponent(userId)}`,
    one: (groupId: string) => `/group-chat/${encodeURIComponent(groupId)}`,
    addMembers: (groupId: string) => `/group-chat/add-members/${encodeURIComponent(groupId)}`,
    promote: (groupId: string, userId: string) => `/group-chat/promote/${encodeURIComponent(groupId)}/${encodeURIComponent(userId)}`,
    removeMember: (groupId: string, userId: string) => `/group-chat/remove-members/${encodeURIComponent(groupId)}/${encodeURIComponent(userId)}`,
    checkMember: (groupId: string, userId: string) => `/group-chat/check-member/${encodeURIComponent(groupId)}/${encodeURIComponent(userId)}`,
    read: (groupId: string) => `/group-chat/read/${encodeURIComponent(groupId)}`,
    sendMessage: '/group/message',
  },
  /** Groups (the /group/... family); group posts are under posts.group. */
  groups: {
    create: '/group/create',
    userGroups: (userId: string) => `/group/user-group/${encodeURIComponent(userId)}`,
    invitations: '/group/invitations',
    all: (search?: string) => (search ? `/group/allgroups?search=${encodeURIComponent(search)}` : '/group/allgroups'),
    one: (groupId: string) => `/group/${encodeURIComponent(groupId)}`,
    /** Ours: the rest of a group's member list, a page at a time (`?cursor=`). */
    members: (groupId: string) => `/group/${encodeURIComponent(groupId)}/members`,
    notJoined: '/group/not-joined',
    acceptInvitation: (groupId: string) => `/group/invitation/accept/${encodeURIComponent(groupId)}`,
    declineInvitation: (groupId: string) => `/group/invitation/decline/${encodeURIComponent(groupId)}`,
    join: (groupId: string) => `/group/join/${encodeURIComponent(groupId)}`,
    pending: (groupId: string) => `/group/pending-admin/${encodeURIComponent(groupId)}`,
    approve: (groupId: string, userId: string) => `/group/approve-member/${encodeURIComponent(groupId)}/${encodeURIComponent(userId)}`,
    reject: (groupId: string, userId: string) => `/group/reject-member/${encodeURIComponent(groupId)}/${encodeURIComponent(userId)}`,
    leave: (groupId: string) => `/group/leave/${encodeURIComponent(groupId)}`,
    addMembers: (groupId: string) => `/group/add-members/${encodeURIComponent(groupId)}`,
    removeMembers: (groupId: string) => `/group/remove-members/${encodeURIComponent(groupId)}`,
    /** Ours: the spec names promoting (section 4) but no path. */
    promote: (groupId: string, userId: string) => `/group/promote/${encodeURIComponent(groupId)}/${encodeURIComponent(userId)}`,
  },
  /** Ours: the notifications inbox (src/api/notifications.ts); the spec names no path. */
  notifications: {
    page: (cursor?: string) => withQuery('/notifications', { cursor }),
    unreadCount: '/notifications/unread-count',
    read: (notificationId: string) => `/notifications/read/${encodeURIComponent(notificationId)}`,
    readAll: '/notifications/read-all',
    one: (notificationId: string) => `/notifications/${encodeURIComponent(notificationId)}`,
  },
  /** Search (src/api/search.ts): every kind's first page, one kind's pages, and search by image. */
  search: {
    all: (query: string) => `/search/${encodeURIComponent(query)}`,
    kind: (kind: string, query: string, cursor?: string) => withQuery(`/search/${encodeURIComponent(kind)}/${encodeURIComponent(query)}`, { cursor }),
    image: '/search/image',
  },
} as const;

/** Fastify route patterns for the paths that take parameters. */
export const routes = {
  auth: {
    checkUser: '/checkUser/:authId',
    resetPassword: '/reset-password/:token',
  },
  posts: {
    all: '/post/all/:page',
    forYou: '/post/foryou',
    one: '/post/:postId',
    byUser: '/post/user/:userId/:page',
    updateImage: '/post/image/:postId',
    updateVideo: '/post/video/:postId',
    images: '/post/images/:page',
    videos: '/post/videos/:page',
    profile: '/user/profile/posts/:userId/:kind/:page',
    group: {
      create: '/post/group/:groupId',
      posts: '/group/:groupId/posts/:page',
      pending: '/group/:groupId/postspending/:page',
      accept: '/group/post/:postId/accept',
      decline: '/group/post/:postId/decline',
    },
  },
  questions: {
    all: '/question/all/:page',
    one: '/question/:questionId',
    answer: '/question/:questionId/answer',
    accept: '/question/:questionId/accept/:answerId',
    unaccept: '/question/:questionId/accept',
    editAnswer: '/question/answer/:answerId',
    userAnswers: '/user/profile/answers/:userId/:filter/:order',
  },
  reactions: {
    remove: '/post/reaction/:postId',
    removeLegacy: '/post/reaction/:postId/:previousReaction/:postReactions',
    ofPost: '/post/reactions/:postId',
    byUsername: '/post/reactions/username/:username',
    single: '/post/single/reaction/username/:username/:postId',
  },
  comments: {
    ofPost: '/post/comments/:postId',
    names: '/post/commentsnames/:postId',
    one: '/post/comment/:commentId',
  },
  saved: {
    page: '/favpost/:page',
  },
  follows: {
    follow: '/user/follow/:userId',
    unfollow: '/user/unfollow/:userId',
    block: '/user/block/:userId',
    unblock: '/user/unblock/:userId',
    followers: '/user/followers/:userId',
    following: '/user/following/:userId',
  },
  admin: {
    users: '/admin/users/all/:page',
    bans: '/admin/banuser/:page',
    appeals: '/admin/appeal/:page',
    hiddenPosts: '/admin/hirepost/:page',
    audit: '/admin/audit/:page',
  },
  users: {
    all: '/user/all/:page',
    search: '/user/profile/search/:query',
    profile: '/user/profile/:userId',
    banStatus: '/user/banuser/:userId',
    reports: '/reportprofile/:page',
  },
  images: {
    ofUser: '/images/:userId',
    upload: '/images/:kind',
    remove: '/images/:imageId',
  },
  chat: {
    messages: '/chat/message/user/:id',
    markAsDeleted: '/chat/message/mark-as-deleted/:messageId/:senderId/:receiverId/:type',
  },
  groupChat: {
    accept: '/group-chat/invitation/accept/:groupId',
    decline: '/group-chat/invitation/decline/:groupId',
    leave: '/group-chat/leave/:groupId',
    userGroups: '/group-chat/user-group/:userId',
    one: '/group-chat/:groupId',
    addMembers: '/group-chat/add-members/:groupId',
    promote: '/group-chat/promote/:groupId/:userId',
    removeMember: '/group-chat/remove-members/:groupId/:userId',
    checkMember: '/group-chat/check-member/:groupId/:userId',
    read: '/group-chat/read/:groupId',
  },
  groups: {
    userGroups: '/group/user-group/:userId',
    one: '/group/:groupId',
    members: '/group/:groupId/members',
    acceptInvitation: '/group/invitation/accept/:groupId',
    declineInvitation: '/group/invitation/decline/:groupId',
    join: '/group/join/:groupId',
    pending: '/group/pending-admin/:groupId',
    approve: '/group/approve-member/:groupId/:userId',
    reject: '/group/reject-member/:groupId/:userId',
    leave: '/group/leave/:groupId',
    addMembers: '/group/add-members/:groupId',
    removeMembers: '/group/remove-members/:groupId',
    promote: '/group/promote/:groupId/:userId',
  },
  notifications: {
    page: '/notifications',
    read: '/notifications/read/:notificationId',
    one: '/notifications/:notificationId',
  },
  search: {
    all: '/search/:query',
    kind: '/search/:kind/:query',
  },
} as const;

/** Where the server serves uploaded media; the spec's URL shape under /media. */
export const mediaPaths = {
  image: (version: number | string, id: string) => `/media/image/upload/v${version}/${id}`,
  video: (version: number | string, name: string) => `/media/video/upload/v${version}/${name}`,
} as const;
