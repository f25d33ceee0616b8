/**
 * Every statechart of the client, by the name its diagram carries in docs/statecharts.
 * `npm run statecharts` draws each of these; the suite fails when a diagram is stale.
 */
import { themeMachine } from './shell/theme.machine';
import { sessionMachine } from './session/session.machine';
import { authGuardMachine } from './session/authGuard.machine';
import { signOutMachine } from './session/signOut.machine';
import { sessionEndMachine } from './session/sessionEnd.machine';
import { signInMachine } from './auth/signIn.machine';
import { twoFactorMachine } from './account/twoFactor.machine';
import { googleOptionMachine } from './auth/googleOption.machine';
import { signUpMachine } from './auth/signUp.machine';
import { forgotPasswordMachine } from './auth/forgotPassword.machine';
import { resetPasswordMachine } from './auth/resetPassword.machine';
import { toastQueueMachine } from './shell/toastQueue.machine';
import { toastMachine } from './shell/toast.machine';
import { notificationsMachine } from './notifications/notifications.machine';
import { navigationMachine } from './shell/navigation.machine';
import { socketMachine } from './shell/socket.machine';
import { feedMachine } from './streams/feed.machine';
import { reactionsMachine } from './streams/post/reactions.machine';
import { saveMachine } from './streams/post/save.machine';
import { authorMachine } from './streams/post/author.machine';
import { commentsMachine } from './streams/discussion/comments.machine';
import { answersMachine } from './streams/discussion/answers.machine';
import { whoReactedMachine } from './streams/post/whoReacted.machine';
import { composerMachine } from './composer/composer.machine';
import { peopleMachine } from './people/people.machine';
import { presenceMachine } from './chat/presence.machine';
import { notificationSettingsMachine } from './notifications/notificationSettings.machine';
import { profileMachine } from './people/profile/profile.machine';
import { personalizeMachine } from './streams/personalize.machine';
import { profileImageMachine } from './people/profile/profileImage.machine';
import { profileLinksMachine } from './people/profile/profileLinks.machine';
import { profileHobbiesMachine } from './people/profile/profileHobbies.machine';
import { chatMachine } from './chat/chat.machine';
import { messageComposerMachine } from './chat/messageComposer.machine';
import { groupChatSearchMachine } from './chat/groupChat/groupChatSearch.machine';
import { groupChatCreateMachine } from './chat/groupChat/groupChatCreate.machine';
import { groupChatInvitationsMachine } from './chat/groupChat/groupChatInvitations.machine';
import { groupChatManageMachine } from './chat/groupChat/groupChatManage.machine';
import { createGroupMachine } from './groups/createGroup.machine';
import { groupsMachine } from './groups/groups.machine';
import { groupMachine } from './groups/group.machine';
import { blockedMembersMachine } from './people/blockedMembers.machine';
import { sessionsMachine } from './account/sessions.machine';
import { reportMachine } from './moderation/report.machine';
import { checkpointMachine } from './checkpoint/checkpoint.machine';
import { appealFormMachine } from './checkpoint/appealForm.machine';
import { adminListMachine } from './admin/adminList.machine';
import { adminActionMachine } from './admin/adminAction.machine';
import { adminDashboardMachine } from './admin/adminDashboard.machine';
import { adminChartMachine } from './admin/adminChart.machine';
import { adminMemberMachine } from './admin/adminMember.machine';
import { changePasswordMachine } from './auth/changePassword.machine';
import { inboxMachine } from './notifications/inbox.machine';
import { unreadBadgeMachine } from './shell/unreadBadge.machine';
import { privateChatCacheMachine } from './chat/privateChatCache.machine';
import { searchMachine } from './search/search.machine';
import { searchSuggestMachine } from './search/searchSuggest.machine';
import { memberAsideMachine } from './people/memberAside.machine';
import { memberByNameMachine } from './people/memberByName.machine';
import { appUpdateMachine } from './offline/appUpdate.machine';
import { connectivityMachine } from './offline/connectivity.machine';
import { outboxMachine } from './offline/outbox.machine';
import { accountDataMachine } from './account/accountData.machine';
import { scheduledDeletionsMachine } from './account/scheduledDeletions.machine';
import { copyButtonMachine } from './shell/copyButton.machine';
import { signInPageMachine } from './shell/signInPage.machine';

export const statecharts = {
  theme: themeMachine,
  signInPage: signInPageMachine,
  session: sessionMachine,
  authGuard: authGuardMachine,
  signOut: signOutMachine,
  sessionEnd: sessionEndMachine,
  signIn: signInMachine,
  googleOption: googleOptionMachine,
  signUp: signUpMachine,
  forgotPassword: forgotPasswordMachine,
  resetPassword: resetPasswordMachine,
  toastQueue: toastQueueMachine,
  toast: toastMachine,
  notifications: notificationsMachine,
  navigation: navigationMachine,
  composer: composerMachine,
  socket: socketMachine,
  feed: feedMachine,
  reactions: reactionsMachine,
  author: authorMachine,
  save: saveMachine,
  comments: commentsMachine,
  answers: answersMachine,
  whoReacted: whoReactedMachine,
  people: peopleMachine,
  presence: presenceMachine,
  notificationSettings: notificationSettingsMachine,
  profile: profileMachine,
  memberByName: memberByNameMachine,
  accountData: accountDataMachine,
  scheduledDeletions: scheduledDeletionsMachine,
  copyButton: copyButtonMachine,
  personalize: personalizeMachine,
  profileImage: profileImageMachine,
  profileLinks: profileLinksMachine,
  profileHobbies: profileHobbiesMachine,
  chat: chatMachine,
  messageComposer: messageComposerMachine,
  groupChatSearch: groupChatSearchMachine,
  groupChatCreate: groupChatCreateMachine,
  groupChatInvitations: groupChatInvitationsMachine,
  groupChatManage: groupChatManageMachine,
  createGroup: createGroupMachine,
  groups: groupsMachine,
  group: groupMachine,
  blockedMembers: blockedMembersMachine,
  sessions: sessionsMachine,
  report: reportMachine,
  checkpoint: checkpointMachine,
  appealForm: appealFormMachine,
  adminList: adminListMachine,
  adminAction: adminActionMachine,
  adminDashboard: adminDashboardMachine,
  adminChart: adminChartMachine,
  adminMember: adminMemberMachine,
  changePassword: changePasswordMachine,
  inbox: inboxMachine,
  unreadBadge: unreadBadgeMachine,
  privateChatCache: privateChatCacheMachine,
  search: searchMachine,
  searchSuggest: searchSuggestMachine,
  memberAside: memberAsideMachine,
  appUpdate: appUpdateMachine,
  connectivity: connectivityMachine,
  outbox: outboxMachine,
  twoFactor: twoFactorMachine,
} as const;
