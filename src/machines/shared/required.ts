import {
  fromCallback,
  fromPromise,
  type CallbackActorLogic,
  type EventObject,
  type NonReducibleUnknown,
  type PromiseActorLogic,
} from 'xstate';

/**
 * What a machine needs from its effects, declared once in its `setup({ actors })`. Machines stay
 * pure: the real actors live in src/effects and come in through `.provide({ actors })`, whose
 * types must match these (same output and input, or tsc fails).
 */

/** A request the effects must provide; until they do, invoking it fails with `${name} actor not provided`. */
export function requiredPromise<TOutput, TInput = NonReducibleUnknown>(name: string): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} actor not provided`);
  });
}

/**
 * A stream the effects must provide (a socket subscription, a media query). Until they do it stays
 * silent: no news is a valid stream, and the model tests send its events themselves.
 */
export function requiredCallback<TEvent extends EventObject = EventObject, TInput = NonReducibleUnknown>(): CallbackActorLogic<
  TEvent,
  TInput
> {
  return fromCallback<TEvent, TInput>(() => () => {});
}
