/**
 * Every machine's model: the covers its test in tests/machines replays, and the path plans
 * (`npm run test:paths -- --plan DIR`, scripts/pathPlans.ts) list. One source, so a plan is
 * always the cover the suite runs.
 */
import type { MachineModel } from '../cover';
import { adminActionModel } from './adminAction';
import { adminChartModel } from './adminChart';
import { adminDashboardModel } from './adminDashboard';
import { adminListModel } from './adminList';
import { answersModel } from './answers';
import { authGuardModel } from './authGuard';
import { blockedMembersModel } from './blockedMembers';
import { changePasswordModel } from './changePassword';
import { chatModel } from './chat';
import { checkpointModel, appealFormModel } from './checkpoint';
import { commentsModel } from './comments';
import { composerModel } from './composer';
import { createGroupModel } from './createGroup';
import { feedModel } from './feed';
import { forgotPasswordModel } from './forgotPassword';
import { groupModel } from './group';
import { groupChatCreateModel } from './groupChatCreate';
import { groupChatInvitationsModel } from './groupChatInvitations';
import { groupChatManageModel } from './groupChatManage';
import { groupChatSearchModel } from './groupChatSearch';
import { groupsModel } from './groups';
import { inboxModel } from './inbox';
import { memberAsideModel } from './memberAside';
import { memberByNameModel } from './memberByName';
import { messageComposerModel } from './messageComposer';
import { navigationModel } from './navigation';
import { notificationSettingsModel } from './notificationSettings';
import { notificationsModel } from './notifications';
import { peopleModel } from './people';
import { personalizeModel } from './personalize';
import { postReportModel } from './postReport';
import { presenceModel } from './presence';
import { privateChatCacheModel } from './privateChatCache';
import { profileModel } from './profile';
import { profileHobbiesModel } from './profileHobbies';
import { profileImageModel } from './profileImage';
import { profileLinksModel } from './profileLinks';
import { profileReportModel } from './profileReport';
import { reactionsModel, saveModel, whoReactedModel, authorModel } from './reactions';
import { resetPasswordModel } from './resetPassword';
import { searchModel } from './search';
import { sessionModel } from './session';
import { signInModel } from './signIn';
import { googleOptionModel } from './googleOption';
import { signUpModel } from './signUp';
import { socketModel } from './socket';
import { themeModel } from './theme';
import { toastModel } from './toast';
import { toastQueueModel } from './toastQueue';
import { unreadBadgeModel } from './unreadBadge';

export const models: MachineModel[] = [
  adminActionModel,
  adminChartModel,
  adminDashboardModel,
  adminListModel,
  answersModel,
  authGuardModel,
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
  postReportModel,
  presenceModel,
  privateChatCacheModel,
  profileModel,
  profileHobbiesModel,
  profileImageModel,
  profileLinksModel,
  profileReportModel,
  reactionsModel,
  saveModel,
  whoReactedModel,
  authorModel,
  resetPasswordModel,
  searchModel,
  sessionModel,
  signInModel,
  googleOptionModel,
  signUpModel,
  socketModel,
  themeModel,
  toastModel,
  toastQueueModel,
  unreadBadgeModel,
];
