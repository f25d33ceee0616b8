import { useRef, useState, type ComponentProps, type ReactNode, type RefObject } from 'react';
import { useId, useMenuTrigger, useOverlayTrigger, type AriaButtonProps, type AriaMenuOptions } from 'react-aria';
// Not in react-aria's public index; react-aria-components' own triggers import it from this path.
import { PressResponder } from 'react-aria/private/interactions/PressResponder';
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
  const { menuTriggerProps, menuProps } = useMenuTrigger<object>({ type: 'menu' }, state, triggerRef);
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
