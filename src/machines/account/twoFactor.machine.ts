import { assign, setup } from 'xstate';
import type { MessageResponse } from '../../api/auth';
import type { PasswordAndCodeBody, RecoveryCodesResponse, TwoFactorSetup, TwoFactorStatus } from '../../api/account/twoFactor';
import { failureText } from '../shared/failure';
import { defined } from '../shared/defined';
import { requiredPromise } from '../shared/required';

/** What the member means to do with the password-and-code form. */
export type TwoFactorIntent = 'disable' | 'codes';

export interface TwoFactorContext {
  status: TwoFactorStatus | null;
  /** The secret being set up: its QR code, URI and text. */
  setup: TwoFactorSetup | null;
  code: string;
  password: string;
  intent: TwoFactorIntent | null;
  /** Shown once, right after they were made. */
  recoveryCodes: string[];
  /** The red alert: a refusal, or the field checks below. */
  error: string | null;
  /** The green confirmation. */
  message: string | null;
}

export type TwoFactorEvent =
  | { type: 'twoFactor.retry' }
  | { type: 'twoFactor.start' }
  | { type: 'twoFactor.change'; field: 'code' | 'password'; value: string }
  | { type: 'twoFactor.submit' }
  | { type: 'twoFactor.cancel' }
  | { type: 'twoFactor.saved' }
  | { type: 'twoFactor.ask'; intent: TwoFactorIntent };

export const STATUS_FAILED = 'Could not load your two-factor settings.';
export const TWO_FACTOR_FAILED = 'Could not change two-factor sign-in. Please try again.';
export const ENTER_CODE = 'Enter the 6-digit code from your authenticator app';
export const ENTER_PASSWORD = 'Enter your password';

const sixDigits = (code: string) => /^\d{6}$/.test(code.replace(/\s+/g, ''));

/**
 * Settings > Security: two-factor sign-in. loading -> off | on; off -> settingUp (a new secret)
 * -> confirming (the QR code, a code from the app) -> enabling -> showingCodes (ten recovery
 * codes, once) -> on; on -> asking (password and a code) -> working -> off, or showingCodes
 * (new recovery codes).
 */
export const twoFactorMachine = setup({
  types: { context: {} as TwoFactorContext, events: {} as TwoFactorEvent },
  actors: {
    /** Effect: GET /account/two-factor. */
    loadStatus: requiredPromise<TwoFactorStatus>('loadStatus'),
    /** Effect: POST /account/two-factor/setup. */
    startSetup: requiredPromise<TwoFactorSetup>('startSetup'),
    /** Effect: POST /account/two-factor/enable {code}. */
    enable: requiredPromise<RecoveryCodesResponse, { code: string }>('enable'),
    /** Effect: POST /account/two-factor/disable {password, code}. */
    disable: requiredPromise<MessageResponse, PasswordAndCodeBody>('disable'),
    /** Effect: POST /account/two-factor/recovery-codes {password, code}. */
    newCodes: requiredPromise<RecoveryCodesResponse, PasswordAndCodeBody>('newCodes'),
  },
  actions: {
    change: assign(({ event }) => (event.type === 'twoFactor.change' ? { [event.field]: event.value, error: null } : {})),
    clearForm: assign({ code: '', password: '', error: null }),
    refuse: assign({ error: ({ event }) => failureText((event as { error?: unknown }).error, TWO_FACTOR_FAILED), code: '' }),
  },
  guards: {
    isOn: ({ event }) => (event as { output?: TwoFactorStatus }).output?.enabled === true,
    codeLooksRight: ({ context }) => sixDigits(context.code),
    formComplete: ({ context }) => context.password !== '' && sixDigits(context.code),
    wantsNewCodes: ({ context }) => context.intent === 'codes',
  },
}).createMachine({
  id: 'twoFactor',
  context: { status: null, setup: null, code: '', password: '', intent: null, recoveryCodes: [], error: null, message: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          { guard: 'isOn', target: 'on', actions: assign({ status: ({ event }) => event.output }) },
          { target: 'off', actions: assign({ status: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureText(event.error, STATUS_FAILED) }) },
      },
    },
    failed: { on: { 'twoFactor.retry': { target: 'loading', actions: assign({ error: null }) } } },
    off: {
      on: { 'twoFactor.start': { target: 'settingUp', actions: assign({ error: null, message: null }) } },
    },
    settingUp: {
      invoke: {
        id: 'startSetup',
        src: 'startSetup',
        onDone: { target: 'confirming', actions: [assign({ setup: ({ event }) => event.output }), 'clearForm'] },
        onError: { target: 'off', actions: 'refuse' },
      },
    },
    confirming: {
      on: {
        'twoFactor.change': { actions: 'change' },
        'twoFactor.submit': [{ guard: 'codeLooksRight', target: 'enabling' }, { actions: assign({ error: ENTER_CODE }) }],
        'twoFactor.cancel': { target: 'off', actions: [assign({ setup: null }), 'clearForm'] },
      },
    },
    enabling: {
      invoke: {
        id: 'enable',
        src: 'enable',
        input: ({ context }) => ({ code: context.code.replace(/\s+/g, '') }),
        onDone: {
          target: 'showingCodes',
          actions: assign({
            recoveryCodes: ({ event }) => event.output.recoveryCodes,
            message: ({ event }) => event.output.message,
            setup: null,
            code: '',
          }),
        },
        onError: { target: 'confirming', actions: 'refuse' },
      },
    },
    showingCodes: {
      on: {
        'twoFactor.saved': {
          target: 'on',
          actions: assign({
            status: ({ context }) => ({
              ...defined(context.status, 'the status'),
              enabled: true,
              recoveryCodesLeft: context.recoveryCodes.length,
            }),
            recoveryCodes: [],
            message: null,
          }),
        },
      },
    },
    on: {
      on: {
        'twoFactor.ask': { target: 'asking', actions: [assign({ intent: ({ event }) => event.intent, message: null }), 'clearForm'] },
      },
    },
    asking: {
      on: {
        'twoFactor.change': { actions: 'change' },
        'twoFactor.submit': [
          { guard: 'formComplete', target: 'working' },
          { actions: assign({ error: ({ context }) => (context.password === '' ? ENTER_PASSWORD : ENTER_CODE) }) },
        ],
        'twoFactor.cancel': { target: 'on', actions: [assign({ intent: null }), 'clearForm'] },
      },
    },
    working: {
      initial: 'choosing',
      states: {
        choosing: { always: [{ guard: 'wantsNewCodes', target: 'newCodes' }, { target: 'disabling' }] },
        disabling: {
          invoke: {
            id: 'disable',
            src: 'disable',
            input: ({ context }) => ({ password: context.password, code: context.code.replace(/\s+/g, '') }),
            onDone: {
              target: '#twoFactor.off',
              actions: [
                assign({
                  status: ({ context }) => ({ ...defined(context.status, 'the status'), enabled: false, recoveryCodesLeft: 0 }),
                  message: ({ event }) => event.output.message,
                  intent: null,
                }),
                'clearForm',
              ],
            },
            onError: { target: '#twoFactor.asking', actions: 'refuse' },
          },
        },
        newCodes: {
          invoke: {
            id: 'newCodes',
            src: 'newCodes',
            input: ({ context }) => ({ password: context.password, code: context.code.replace(/\s+/g, '') }),
            onDone: {
              target: '#twoFactor.showingCodes',
              actions: [
                assign({
                  recoveryCodes: ({ event }) => event.output.recoveryCodes,
                  message: ({ event }) => event.output.message,
                  intent: null,
                }),
                'clearForm',
              ],
            },
            onError: { target: '#twoFactor.asking', actions: 'refuse' },
          },
        },
      },
    },
  },
});
