import { INVALID_CODE, WRONG_PASSWORD } from '../../../src/api/account/twoFactor';
import { twoFactorMachine, type TwoFactorContext } from '../../../src/machines/account/twoFactor.machine';
import { apiFailure, networkFailure } from '../../fixtures/auth';
import { type MachineModel, type ModelEvent } from '../cover';

export const OFF = { enabled: false, recoveryCodesLeft: 0, required: true, hasPassword: true };
export const ON = { enabled: true, recoveryCodesLeft: 7, required: false, hasPassword: true };
export const SETUP = {
  secret: 'JBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/Stoa:alice?secret=JBSWY3DPEHPK3PXP',
  qrCode: 'data:image/png;base64,AAAA',
};
export const CODES = Array.from({ length: 10 }, (_, i) => `aaaa-bbbb-cccc-${String(i).padStart(4, '2')}`);
export const wrongCode = apiFailure(INVALID_CODE, 400);
export const wrongPassword = apiFailure(WRONG_PASSWORD, 400);

export const serialize = (snapshot: { value: unknown; status: string; context: unknown }) => {
  const c = snapshot.context as TwoFactorContext;
  return JSON.stringify({
    value: snapshot.value,
    enabled: c.status?.enabled ?? null,
    setup: c.setup !== null,
    code: c.code === '' ? '' : /^\d{6}$/.test(c.code) ? 'digits' : 'other',
    password: c.password !== '',
    intent: c.intent,
    codes: c.recoveryCodes.length,
    error: c.error,
    message: c.message,
  });
};

const model = {
  serialize,
  events: [
    { type: 'xstate.done.actor.loadStatus', output: OFF },
    { type: 'xstate.done.actor.loadStatus', output: ON },
    { type: 'xstate.error.actor.loadStatus', error: networkFailure },
    { type: 'xstate.done.actor.startSetup', output: SETUP },
    { type: 'xstate.error.actor.startSetup', error: networkFailure },
    { type: 'xstate.done.actor.enable', output: { message: 'Two-factor sign-in is on', recoveryCodes: CODES } },
    { type: 'xstate.error.actor.enable', error: wrongCode },
    { type: 'xstate.done.actor.disable', output: { message: 'Two-factor sign-in is off' } },
    { type: 'xstate.error.actor.disable', error: wrongPassword },
    { type: 'xstate.done.actor.newCodes', output: { message: 'New recovery codes made', recoveryCodes: CODES } },
    { type: 'xstate.error.actor.newCodes', error: wrongCode },
    { type: 'twoFactor.change', field: 'code', value: '123456' },
    { type: 'twoFactor.change', field: 'code', value: '12ab' },
    { type: 'twoFactor.change', field: 'password', value: 'correct horse' },
    { type: 'twoFactor.ask', intent: 'disable' },
    { type: 'twoFactor.ask', intent: 'codes' },
  ] as ModelEvent[],
};

export const twoFactorModel: MachineModel = {
  name: 'twoFactor',
  machine: twoFactorMachine,
  covers: [{ label: 'all transitions', options: model as never }],
};
