/**
 * Every machine's model: the covers its test in tests/machines replays, and the path plans
 * (`npm run test:paths -- --plan DIR`, scripts/pathPlans.ts) list. One source, so a plan is
 * always the cover the suite runs.
 */
import type { MachineModel } from '../cover';
import { accountDataModel } from '../account/accountData.model';
import { scheduledDeletionsModel } from '../account/scheduledDeletions.model';
import { copyButtonModel } from '../shell/copyButton.model';
import { adminActionModel } from '../admin/adminAction.model';
import { adminChartModel } from '../admin/adminChart.model';
import { adminDashboardModel } from '../admin/adminDashboard.model';
import { adminMemberModel } from '../admin/adminMember.model';
import { adminListModel } from '../admin/adminList.model';
import { answersModel } from '../streams/discussion/answers.model';
import { authGuardModel } from '../session/authGuard.model';
import { signOutModel } from '../session/signOut.model';
import { sessionEndModel } from '../session/sessionEnd.model';
import { blockedMembersModel } from '../people/blockedMembers.model';
import { sessionsModel } from '../account/sessions.model';
import { changePasswordModel } from '../auth/changePassword.model';
import { chatModel } from '../chat/chat.model';
import { checkpointModel, appealFormModel } from '../checkpoint/checkpoint.model';
import { commentsModel } from '../streams/discussion/comments.model';
import { composerModel } from '../composer/composer.model';
import { createGroupModel } from '../groups/createGroup.model';
import { feedModel } from '../streams/feed.model';
import { forgotPasswordModel } from '../auth/forgotPassword.model';
import { groupModel } from '../groups/group.model';
import { groupChatCreateModel } from '../chat/groupChat/groupChatCreate.model';
import { groupChatInvitationsModel } from '../chat/groupChat/groupChatInvitations.model';
import { groupChatManageModel } from '../chat/groupChat/groupChatManage.model';
import { groupChatSearchModel } from '../chat/groupChat/groupChatSearch.model';
import { groupsModel } from '../groups/groups.model';
import { inboxModel } from '../notifications/inbox.model';
import { memberAsideModel } from '../people/memberAside.model';
import { memberByNameModel } from '../people/memberByName.model';
import { messageComposerModel } from '../chat/messageComposer.model';
import { navigationModel } from '../shell/navigation.model';
import { notificationSettingsModel } from '../notifications/notificationSettings.model';
import { notificationsModel } from '../notifications/notifications.model';
import { peopleModel } from '../people/people.model';
import { personalizeModel } from '../streams/personalize.model';
import { reportModel } from '../moderation/report.model';
import { presenceModel } from '../chat/presence.model';
import { privateChatCacheModel } from '../chat/privateChatCache.model';
import { profileModel } from '../people/profile/profile.model';
import { profileHobbiesModel } from '../people/profile/profileHobbies.model';
import { profileImageModel } from '../people/profile/profileImage.model';
import { profileLinksModel } from '../people/profile/profileLinks.model';
import { reactionsModel, saveModel, whoReactedModel, authorModel } from '../streams/post/reactions.model';
import { resetPasswordModel } from '../auth/resetPassword.model';
import { searchModel } from '../search/search.model';
import { searchSuggestModel } from '../search/searchSuggest.model';
import { sessionModel } from '../session/session.model';
import { signInModel } from '../auth/signIn.model';
import { twoFactorModel } from '../account/twoFactor.model';
import { googleOptionModel } from '../auth/googleOption.model';
import { signUpModel } from '../auth/signUp.model';
import { socketModel } from '../shell/socket.model';
import { themeModel } from '../shell/theme.model';
import { signInPageModel } from '../shell/signInPage.model';
import { toastModel } from '../notifications/toast.model';
import { toastQueueModel } from '../shell/toastQueue.model';
import { unreadBadgeModel } from '../shell/unreadBadge.model';
import { appUpdateModel } from '../offline/appUpdate.model';
import { connectivityModel } from '../offline/connectivity.model';
import { outboxModel } from '../offline/outbox.model';

export const models: MachineModel[] = [
  accountDataModel,
  scheduledDeletionsModel,
  copyButtonModel,
  adminActionModel,
  adminChartModel,
  adminDashboardModel,
  adminMemberModel,
  adminListModel,
  answersModel,
  authGuardModel,
  signOutModel,
  sessionEndModel,
  blockedMembersModel,
  changePasswordModel,
  chatModel,
  messageComposerModel,
  checkpointModel,
  appealFormModel,
  commentsModel,
  composerModel,
  createGroupModel,
  feedModel,
  forgotPasswordModel,
  groupModel,
  groupChatCreateModel,
  groupChatInvitationsModel,
  groupChatManageModel,
  groupChatSearchModel,
  groupsModel,
  inboxModel,
  memberAsideModel,
  memberByNameModel,
  navigationModel,
  notificationSettingsModel,
  notificationsModel,
  peopleModel,
  personalizeModel,
  reportModel,
  presenceModel,
  privateChatCacheModel,
  profileModel,
  profileHobbiesModel,
  profileImageModel,
  profileLinksModel,
  reactionsModel,
  saveModel,
  whoReactedModel,
  authorModel,
  resetPasswordModel,
  searchModel,
  searchSuggestModel,
  sessionModel,
  sessionsModel,
  signInModel,
  twoFactorModel,
  googleOptionModel,
  signUpModel,
  socketModel,
  themeModel,
  signInPageModel,
  toastModel,
  toastQueueModel,
  unreadBadgeModel,
  appUpdateModel,
  connectivityModel,
  outboxModel,
];
