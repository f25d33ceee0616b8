import type { ActorRefFrom } from 'xstate';
import type { composerMachine } from '../../machines/composer/composer.machine';

/** The running composer, handed to the modal's parts. */
export type ComposerActorRef = ActorRefFrom<typeof composerMachine>;
