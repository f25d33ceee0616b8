/**
 * Every statechart of the client, by the name its diagram carries in docs/statecharts.
 * `npm run statecharts` draws each of these; the suite fails when a diagram is stale.
 */
import { themeMachine } from './theme.machine';
import { sessionMachine } from './session.machine';
import { authGuardMachine } from './authGuard.machine';
import { signInMachine } from './signIn.machine';
import { googleOptionMachine } from './googleOption.machine';
import { signUpMachine } from './signUp.machine';
import { forgotPasswordMachine } from './forgotPassword.machine';
import { resetPasswordMachine } from './resetPassword.machine';
import { toastQueueMachine } from './toastQueue.machine';
import { toastMachine } from './toast.machine';
import { notificationsMachine } from './notifications.machine';
import { navigationMachine } from './navigation.machine';
import { socketMachine } from './socket.machine';
import { feedMachine } from './feed.machine';
import { reactionsMachine } from './reactions.machine';
import { saveMachine } from './save.machine';
import { authorMachine } from './author.machine';
import { commentsMachine } from './comments.machine';
import { answersMachine } from './answers.machine';
import { whoReactedMachine } from './whoReacted.machine';
import { composerMachine } from './composer.machine';
import { peopleMachine } from './people.machine';
import { presenceMachine } from './presence.machine';
import { notificationSettingsMachine } from './notificationSettings.machine';
import { profileMachine } from './profile.machine';
import { personalizeMachine } from './personalize.machine';
import { profileImageMachine } from './profileImage.machine';
import { profileLinksMachine } from './profileLinks.machine';
import { profileHobbiesMachine } from './profileHobbies.machine';
import { profileReportMachine } from './profileReport.machine';
import { chatMachine } from './chat.machine';
import { messageComposerMachine } from './messageComposer.machine';
import { groupChatSearchMachine } from './groupChatSearch.machine';
import { groupChatCreateMachine } from './groupChatCreate.machine';
import { groupChatInvitationsMachine } from './groupChatInvitations.machine';
import { groupChatManageMachine } from './groupChatManage.machine';
import { createGroupMachine } from './createGroup.machine';
import { groupsMachine } from './groups.machine';
import { groupMachine } from './group.machine';
import { blockedMembersMachine } from './blockedMembers.machine';
import { postReportMachine } from './postReport.machine';
import { checkpointMachine } from './checkpoint.machine';
import { appealFormMachine } from './appealForm.machine';
import { adminListMachine } from './adminList.machine';
import { adminActionMachine } from './adminAction.machine';
import { adminDashboardMachine } from './adminDashboard.machine';
import { adminChartMachine } from './adminChart.machine';
import { changePasswordMachine } from './changePassword.machine';
import { inboxMachine } from './inbox.machine';
import { unreadBadgeMachine } from './unreadBadge.machine';
import { privateChatCacheMachine } from './privateChatCache.machine';
import { searchMachine } from './search.machine';
import { memberAsideMachine } from './memberAside.machine';
import { memberByNameMachine } from './memberByName.machine';

export const statecharts = {
  theme: themeMachine,
  session: sessionMachine,
  authGuard: authGuardMachine,
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
  personalize: personalizeMachine,
  profileImage: profileImageMachine,
  profileLinks: profileLinksMachine,
  profileHobbies: profileHobbiesMachine,
  profileReport: profileReportMachine,
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
  postReport: postReportMachine,
  checkpoint: checkpointMachine,
  appealForm: appealFormMachine,
  adminList: adminListMachine,
  adminAction: adminActionMachine,
  adminDashboard: adminDashboardMachine,
  adminChart: adminChartMachine,
  changePassword: changePasswordMachine,
  inbox: inboxMachine,
  unreadBadge: unreadBadgeMachine,
  privateChatCache: privateChatCacheMachine,
  search: searchMachine,
  memberAside: memberAsideMachine,
} as const;
