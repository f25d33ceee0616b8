import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MoreMenu } from '../../../src/views/overlays/MoreMenu';

/**
 * The '…' trigger (src/views/overlays/OverlayTrigger.tsx, react-aria's useMenuTrigger): the menu's
 * ARIA and the keys that open it.
 */
function renderMenu() {
  const onAction = vi.fn();
  render(
    <MoreMenu
      label="More options"
      items={[
        { id: 'edit', label: 'Edit', icon: null },
        { id: 'share', label: 'Share', icon: null },
        { id: 'delete', label: 'Delete', icon: null, danger: true },
      ]}
      onAction={onAction}
    />,
  );
  return { onAction, user: userEvent.setup({ delay: null }), trigger: screen.getByRole('button', { name: 'More options' }) };
}

/** The menu (its popover's chunk comes on the first open). */
const menu = () => screen.findByRole('menu', {}, { timeout: 10_000 });

describe('MoreMenu trigger', () => {
  afterEach(cleanup);

  it('says it opens a menu, and the open menu is labelled by it and controlled by it', async () => {
    const { user, trigger } = renderMenu();
    expect(trigger.getAttribute('aria-haspopup')).toBe('true');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await user.click(trigger);
    const open = await menu();
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(trigger.getAttribute('aria-controls')).toBe(open.id);
    expect(open.getAttribute('aria-labelledby')).toContain(trigger.id);
  });

  it('opens from the keyboard on its first item (Enter, ArrowDown) or its last (ArrowUp); Escape gives the focus back', async () => {
    const { user, trigger, onAction } = renderMenu();
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    await menu();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Edit'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    // The menu's focus scope gives the focus back as it unmounts.
    await waitFor(() => expect(document.activeElement).toBe(trigger));

    await user.keyboard('{ArrowUp}');
    await menu();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Delete'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(trigger));

    await user.keyboard('{Enter}');
    await menu();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Edit'));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onAction).toHaveBeenCalledWith('share');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });
});
