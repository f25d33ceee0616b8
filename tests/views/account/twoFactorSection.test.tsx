import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { ADMIN_TWO_FACTOR_REQUIRED, INVALID_CODE } from '../../../src/api/account/twoFactor';
import { twoFactorMachine } from '../../../src/machines/account/twoFactor.machine';
import { TwoFactorLogicProvider } from '../../../src/views/account/twoFactor/TwoFactorLogic';
import { TwoFactorSection } from '../../../src/views/account/twoFactor/TwoFactorSection';
import { TransitionCoverage } from '../../machines/model';
import { CODES, OFF, ON, SETUP, wrongCode } from '../../machines/account/twoFactor.model';
import { viewHarness } from '../harness';

const coverage = new TransitionCoverage(twoFactorMachine);
const ACTORS = ['loadStatus', 'startSetup', 'enable', 'disable', 'newCodes'];

function renderSection() {
  const h = viewHarness(ACTORS, coverage);
  const logic = twoFactorMachine.provide({ actors: h.actors as never });
  const view = render(
    <TwoFactorLogicProvider logic={logic}>
      <TwoFactorSection />
    </TwoFactorLogicProvider>,
  );
  return { h, view, user: userEvent.setup({ delay: null }) };
}

describe('Settings > Security: two-factor sign-in', () => {
  afterEach(() => cleanup());

  it('turns on: QR code and key, a refused code, then the recovery codes once', async () => {
    const { h, view, user } = renderSection();
    try {
      await h.settle({ type: 'xstate.done.actor.loadStatus', output: OFF });
      const section = screen.getByRole('region', { name: 'Two-factor sign-in' });
      // An administrator the server requires it of reads why.
      within(section).getByText(ADMIN_TWO_FACTOR_REQUIRED);
      await user.click(within(section).getByRole('button', { name: 'Turn on two-factor sign-in' }));
      await h.settle({ type: 'xstate.done.actor.startSetup', output: SETUP });
      expect(within(section).getByRole('img', { name: 'QR code for your authenticator app' }).getAttribute('src')).toBe(SETUP.qrCode);
      within(section).getByText(SETUP.secret);
      await user.click(within(section).getByRole('button', { name: 'Turn on' }));
      expect(within(section).getByRole('alert').textContent).toContain('Enter the 6-digit code');
      await user.type(within(section).getByLabelText('Code from your app'), '123456');
      await user.click(within(section).getByRole('button', { name: 'Turn on' }));
      expect(within(section).getByRole('button', { name: 'Checking...' })).toHaveProperty('disabled', true);
      await h.settle({ type: 'xstate.error.actor.enable', error: wrongCode });
      expect(within(section).getByRole('alert').textContent).toContain(INVALID_CODE);
      await user.type(within(section).getByLabelText('Code from your app'), '654321');
      await user.click(within(section).getByRole('button', { name: 'Turn on' }));
      await h.settle({ type: 'xstate.done.actor.enable', output: { message: 'Two-factor sign-in is on', recoveryCodes: CODES } });
      const list = within(section).getByRole('list', { name: 'Recovery codes' });
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(CODES);
      const download = within(section).getByRole('link', { name: 'Download' });
      expect(decodeURIComponent(download.getAttribute('href')!)).toContain(CODES[9]);
      const { violations } = await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } });
      expect(violations.map((v) => v.id)).toEqual([]);
      await user.click(within(section).getByRole('button', { name: 'I have saved them' }));
      expect(within(section).queryByRole('list', { name: 'Recovery codes' })).toBeNull();
      within(section).getByText(/10 recovery codes left/);
    } finally {
      h.restore();
    }
  });

  it('turns off and makes new codes only with the password and a code', async () => {
    const { h, user } = renderSection();
    try {
      await h.settle({ type: 'xstate.done.actor.loadStatus', output: ON });
      const section = screen.getByRole('region', { name: 'Two-factor sign-in' });
      within(section).getByText(/7 recovery codes left/);
      await user.click(within(section).getByRole('button', { name: 'New recovery codes' }));
      const form = within(section).getByRole('form', { name: 'Make new recovery codes' });
      await user.click(within(form).getByRole('button', { name: 'Make new codes' }));
      expect(within(section).getByRole('alert').textContent).toContain('Enter your password');
      await user.type(within(form).getByLabelText('Password'), 'correct horse');
      await user.type(within(form).getByLabelText('Code from your app'), '123456');
      await user.click(within(form).getByRole('button', { name: 'Make new codes' }));
      await h.settle({ type: 'xstate.done.actor.newCodes', output: { message: 'New recovery codes made', recoveryCodes: CODES } });
      await user.click(within(section).getByRole('button', { name: 'I have saved them' }));
      await user.click(within(section).getByRole('button', { name: 'Turn off' }));
      const off = within(section).getByRole('form', { name: 'Turn off two-factor sign-in' });
      await user.type(within(off).getByLabelText('Password'), 'correct horse');
      await user.type(within(off).getByLabelText('Code from your app'), '123456');
      await user.click(within(off).getByRole('button', { name: 'Turn off two-factor sign-in' }));
      await h.settle({ type: 'xstate.done.actor.disable', output: { message: 'Two-factor sign-in is off' } });
      within(section).getByText('Two-factor sign-in is off');
      within(section).getByRole('button', { name: 'Turn on two-factor sign-in' });
    } finally {
      h.restore();
    }
  });

  it('offers a retry when the status does not load', async () => {
    const { h, user } = renderSection();
    try {
      await h.settle({ type: 'xstate.error.actor.loadStatus', error: { message: 'fetch failed' } });
      await user.click(screen.getByRole('button', { name: /retry|try again/i }));
      await h.settle({ type: 'xstate.done.actor.loadStatus', output: OFF });
      screen.getByRole('region', { name: 'Two-factor sign-in' });
    } finally {
      h.restore();
    }
  });
});
