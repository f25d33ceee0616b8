import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import type { ClientConfig } from '../../../src/api/config';
import { GOOGLE_NOT_SET_UP, googleOptionMachine } from '../../../src/machines/auth/googleOption.machine';
import { signInMachine } from '../../../src/machines/auth/signIn.machine';
import { signUpMachine } from '../../../src/machines/auth/signUp.machine';
import { AuthTabs } from '../../../src/views/auth/AuthTabs';
import { AuthLogicProvider } from '../../../src/views/auth/AuthLogic';
import type { AuthLogic } from '../../../src/effects/auth/auth';
import { fakeLogic } from '../fakeLogic';
import { configWithGoogle, configWithoutGoogle } from '../../machines/auth/googleOption.model';
import { effect } from '../harness';

afterEach(cleanup);

function renderTabs(config: ClientConfig) {
  let asked = 0;
  const logic = {
    signIn: signInMachine.provide({ actions: { login: effect(), navigate: effect() } }),
    signUp: signUpMachine.provide({ actions: { login: effect(), navigate: effect() } }),
    googleOption: googleOptionMachine.provide({ actors: { fetchConfig: fromPromise(async () => (asked++, config)) } }),
  };
  render(
    <AuthLogicProvider logic={fakeLogic<AuthLogic>(logic)}>
      <AuthTabs />
    </AuthLogicProvider>,
  );
  return { asked: () => asked };
}

const google = () => screen.getByRole('button', { name: 'Sign in with Google' }) as HTMLButtonElement;

describe('the Google option follows GET /config', () => {
  it('on a server without Google: shown disabled, saying why, on both tabs (one request)', async () => {
    const { asked } = renderTabs(configWithoutGoogle as ClientConfig);
    await waitFor(() => expect(screen.getByText(GOOGLE_NOT_SET_UP)).toBeTruthy());
    expect(google().disabled).toBe(true);
    expect(google().getAttribute('aria-describedby')).toBe('google-not-set-up');
    await userEvent.setup({ delay: null }).click(screen.getByRole('tab', { name: 'Sign up' }));
    await waitFor(() => expect(google().disabled).toBe(true));
    expect(screen.getByText(GOOGLE_NOT_SET_UP)).toBeTruthy();
    expect(asked()).toBe(1);
  });

  it('with Google configured: offered as before', async () => {
    renderTabs(configWithGoogle as ClientConfig);
    await waitFor(() => expect(google().disabled).toBe(false));
    expect(screen.queryByText(GOOGLE_NOT_SET_UP)).toBeNull();
  });
});
