/**
 * Every statechart of the client, by the name its diagram carries in docs/statecharts.
 * `npm run statecharts` draws each of these; the suite fails when a diagram is stale.
 */
import { themeMachine } from './theme.machine';
import { sessionMachine } from './session.machine';
import { authGuardMachine } from './authGuard.machine';
import { signInMachine } from './signIn.machine';
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
import { profileMachine } from './profile.machine';
import { personalizeMachine } from './personalize.machine';
import { chatMachine } from './chat.machine';
import { createGroupMachine } from './createGroup.machine';

export const statecharts = {
  theme: themeMachine,
  session: sessionMachine,
  authGuard: authGuardMachine,
  signIn: signInMachine,
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
  profile: profileMachine,
  personalize: personalizeMachine,
  chat: chatMachine,
  createGroup: createGroupMachine,
} as const;
