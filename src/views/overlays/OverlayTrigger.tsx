import { useRef, useState, type ComponentProps, type ReactNode, type RefObject } from 'react';
import { useId, useKeyboard, useOverlayTrigger, type AriaButtonProps, type AriaMenuOptions, type PressEvent } from 'react-aria';
// Not in react-aria's public index; react-aria-components' own triggers import them from these paths.
import { PressResponder } from 'react-aria/private/interactions/PressResponder';
import { focusWithoutScrolling } from 'react-aria/private/utils/focusWithoutScrolling';
import { useMenuTriggerState, type RootMenuTriggerState } from 'react-stately';
import type { DOMProps } from '@react-types/shared';

type PressResponderProps = Omit<ComponentProps<typeof PressResponder>, 'children' | 'ref'>;

/**
 * What a trigger hands to its popover (src/views/overlays/TriggerContexts.tsx turns it into
 * react-aria-components' contexts): the open state, the popover's ARIA and the trigger's element.
 */
export type TriggerParts =
  | { kind: 'menu'; state: RootMenuTriggerState; menuProps: AriaMenuOptions<object>; triggerRef: RefObject<HTMLElement | null> }
  | {
      kind: 'dialog';
      state: RootMenuTriggerState;
      overlayProps: DOMProps & { 'aria-labelledby'?: string };
      triggerRef: RefObject<HTMLElement | null>;
    };

/**
 * react-aria-components' MenuTrigger and DialogTrigger without what they open. Those
 * modules bring react-aria's popover, positioning and collections with them even when only the
 * trigger is used, so the triggers are built here from the same hooks (same state, same ARIA:
 * aria-haspopup, aria-expanded, aria-controls, the keys that open a menu) and the popover, drawn by
 * `popover(parts)`, comes from a chunk fetched on the first open (see `deferred`), then stays
 * drawn (a second open is instant). Its module wraps it in `TriggerContexts`, as the real trigger
 * would.
 */
export function MenuTrigger({ children, popover }: { children: ReactNode; popover: (parts: TriggerParts) => ReactNode }) {
  const state = useMenuTriggerState({});
  const triggerRef = useRef<HTMLElement | null>(null);
  const { menuTriggerProps, menuProps } = usePressMenuTrigger(state, triggerRef);
  return (
    <Trigger
      state={state}
      triggerRef={triggerRef}
      triggerProps={menuTriggerProps}
      popover={() => popover({ kind: 'menu', state, menuProps, triggerRef })}
    >
      {children}
    </Trigger>
  );
}

/**
 * react-aria's `useMenuTrigger` for a menu opened by a press (the only kind Stoa has), line for line:
 * the same ARIA (useOverlayTrigger's, the trigger's id labelling the menu), the same keys (Enter,
 * Space and ArrowDown open it on its first item, ArrowUp on its last, Alt+arrows too), a mouse
 * opening it on press start and a touch on release. The hook itself also builds the long-press
 * and context-menu triggers, and its long-press hint brings react-aria's menu strings in every
 * locale (about 3 KB compressed) to each page with a '…' button, though no trigger here uses them.
 */
function usePressMenuTrigger(state: RootMenuTriggerState, triggerRef: RefObject<HTMLElement | null>) {
  const menuTriggerId = useId();
  const { triggerProps, overlayProps } = useOverlayTrigger({ type: 'menu' }, state, triggerRef);
  const open = (shouldOpen: boolean, event: { isDefaultPrevented(): boolean }, focusStrategy: 'first' | 'last' = 'first') => {
    // Default prevented: something else (typeahead) handled the key.
    if (!shouldOpen || event.isDefaultPrevented()) return false;
    state.toggle(focusStrategy);
  };
  const { keyboardProps } = useKeyboard({
    shortcuts: {
      Enter: (event) => open(true, event, 'first'),
      ' ': (event) => open(true, event, 'first'),
      ArrowDown: (event) => open(true, event, 'first'),
      ArrowUp: (event) => open(true, event, 'last'),
      'Alt+Enter': (event) => open(false, event, 'first'),
      'Alt+ ': (event) => open(false, event, 'first'),
      'Alt+ArrowDown': (event) => open(true, event, 'first'),
      'Alt+ArrowUp': (event) => open(true, event, 'last'),
    },
  });
  const pressProps = {
    preventFocusOnPress: true,
    onPressStart(event: PressEvent) {
      // As native menus: open on mouse (or key) down, but on touch up.
      if (event.pointerType !== 'touch' && event.pointerType !== 'keyboard') {
        // The trigger has the focus before the menu opens, so the menu's focus scope gives it back on close.
        focusWithoutScrolling(event.target as HTMLElement);
        // Opened with a screen reader: the first item has the focus; otherwise the menu itself.
        state.open(event.pointerType === 'virtual' ? 'first' : null);
      }
    },
    onPress(event: PressEvent) {
      if (event.pointerType === 'touch') {
        focusWithoutScrolling(event.target as HTMLElement);
        state.toggle();
      }
    },
  };
  const { onPress: _overlayPress, ...overlayTriggerProps } = triggerProps;
  return {
    // The key handlers are DOM ones; PressResponder hands them to the button whole (react-aria's hook says the same of its own).
    menuTriggerProps: { ...overlayTriggerProps, ...pressProps, ...keyboardProps, id: menuTriggerId } as AriaButtonProps,
    menuProps: { ...overlayProps, 'aria-labelledby': menuTriggerId, autoFocus: state.focusStrategy || true, onClose: state.close },
  };
}

/** See MenuTrigger: the same for a popover dialog (react-aria-components' DialogTrigger). */
export function DialogTrigger({ children, popover }: { children: ReactNode; popover: (parts: TriggerParts) => ReactNode }) {
  // The menu state, as react-aria-components does (a menu may sit inside the dialog).
  const state = useMenuTriggerState({});
  const triggerRef = useRef<HTMLElement | null>(null);
  const { triggerProps, overlayProps } = useOverlayTrigger({ type: 'dialog' }, state, triggerRef);
  // As DialogTrigger does: the dialog is labelled by its trigger unless it has a title.
  const triggerId = useId();
  return (
    <Trigger
      state={state}
      triggerRef={triggerRef}
      triggerProps={{ ...triggerProps, id: triggerId }}
      popover={() => popover({ kind: 'dialog', state, overlayProps: { ...overlayProps, 'aria-labelledby': triggerId }, triggerRef })}
    >
      {children}
    </Trigger>
  );
}

function Trigger({
  state,
  triggerRef,
  triggerProps,
  popover,
  children,
}: {
  state: RootMenuTriggerState;
  triggerRef: RefObject<HTMLElement | null>;
  triggerProps: AriaButtonProps;
  popover: () => ReactNode;
  children: ReactNode;
}) {
  const [opened, setOpened] = useState(state.isOpen);
  if (state.isOpen && !opened) setOpened(true);
  return (
    <>
      {/* Its props reach the button inside whole (ids and ARIA too), as in react-aria-components' triggers; its types name only the press ones. */}
      <PressResponder {...(triggerProps as PressResponderProps)} ref={triggerRef} isPressed={state.isOpen}>
        {children}
      </PressResponder>
      {opened ? popover() : null}
    </>
  );
}
