import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { requiredPromise } from '../../shared/required';
import { socialLinksBodySchema, type Profile, type ProfileUpdateResponse, type SocialLinks, type SocialNetwork } from '../../../api/users';
import { failureText } from '../../shared/failure';

export type ProfileLinksEvent =
  { type: 'links.change'; network: SocialNetwork; value: string } | { type: 'links.submit' } | { type: 'links.cancel' };

export interface ProfileLinksContext {
  draft: SocialLinks;
  /** One message per link, from the contract's rules (socialLinksBodySchema). */
  errors: Partial<Record<SocialNetwork, string>>;
  /** The server's refusal. */
  error: string | null;
  profile: Profile | null;
}

export const LINKS_FAILED = 'Could not save your links. Please try again.';

/** The first message of each link the contract refuses. */
export function linkErrors(draft: SocialLinks): ProfileLinksContext['errors'] {
  const errors: ProfileLinksContext['errors'] = {};
  for (const issue of socialLinksBodySchema.safeParse(draft).error?.issues ?? []) {
    const network = issue.path[0] as SocialNetwork;
    errors[network] ??= issue.message;
  }
  return errors;
}

/**
 * The owner's social links form (Facebook, Instagram, Twitter, YouTube): each link is an http(s)
 * address or empty, checked with the contract's rules before it is sent (PUT
 * /user/profile/social-links). Ends with the updated profile, or none when cancelled.
 */
export const profileLinksMachine = setup({
  types: {
    context: {} as ProfileLinksContext,
    events: {} as ProfileLinksEvent,
    input: {} as { links: SocialLinks },
    output: {} as { profile: Profile | null },
  },
  actors: {
    saveLinks: requiredPromise<ProfileUpdateResponse, SocialLinks>('saveLinks'),
  },
  guards: {
    valid: ({ context }) => Object.keys(linkErrors(context.draft)).length === 0,
  },
}).createMachine({
  id: 'profileLinks',
  context: ({ input }) => ({ draft: input.links, errors: {}, error: null, profile: null }),
  initial: 'editing',
  output: ({ context }) => ({ profile: context.profile }),
  states: {
    editing: {
      on: {
        'links.change': {
          actions: assign(({ context, event }) => ({
            draft: { ...context.draft, [event.network]: event.value },
            // The field being fixed stops showing its old message.
            errors: Object.fromEntries(Object.entries(context.errors).filter(([network]) => network !== event.network)),
          })),
        },
        'links.submit': [
          { guard: 'valid', target: 'saving', actions: assign({ errors: {}, error: null }) },
          { actions: assign({ errors: ({ context }) => linkErrors(context.draft), error: null }) },
        ],
        'links.cancel': 'cancelled',
      },
    },
    saving: {
      invoke: {
        id: 'saveLinks',
        src: 'saveLinks',
        input: ({ context }) => context.draft,
        onDone: { target: 'saved', actions: assign({ profile: ({ event }) => event.output.user }) },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => failureText(event.error, LINKS_FAILED) }) },
      },
    },
    saved: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type ProfileLinksActorRef = ActorRefFrom<typeof profileLinksMachine>;
export type ProfileLinksSnapshot = SnapshotFrom<typeof profileLinksMachine>;
