import { useRef, type ReactNode } from 'react';
import {
  DialogContext,
  MenuContext,
  OverlayTriggerStateContext,
  PopoverContext,
  Provider,
  RootMenuTriggerStateContext,
} from 'react-aria-components';
import type { TriggerParts } from './OverlayTrigger';

/**
 * The contexts react-aria-components' MenuTrigger and DialogTrigger give what they open, from an
 * OverlayTrigger's parts: a Popover, Menu or Dialog inside behaves as it would inside the real
 * trigger (placement, focus, Escape, closing on a choice). Lives with the popovers, in their chunk.
 */
export function TriggerContexts({ parts, children }: { parts: TriggerParts; children: ReactNode }) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  if (parts.kind === 'menu') {
    return (
      <Provider
        values={[
          [MenuContext, { ...parts.menuProps, ref: scrollRef }],
          [OverlayTriggerStateContext, parts.state],
          [RootMenuTriggerStateContext, parts.state],
          [
            PopoverContext,
            {
              trigger: 'MenuTrigger',
              triggerRef: parts.triggerRef,
              scrollRef,
              placement: 'bottom start',
              'aria-labelledby': parts.menuProps['aria-labelledby'],
            },
          ],
        ]}
      >
        {children}
      </Provider>
    );
  }
  return (
    <Provider
      values={[
        [OverlayTriggerStateContext, parts.state],
        [RootMenuTriggerStateContext, parts.state],
        [DialogContext, parts.overlayProps],
        [
          PopoverContext,
          {
            trigger: 'DialogTrigger',
            triggerRef: parts.triggerRef,
            id: parts.overlayProps.id,
            'aria-labelledby': parts.overlayProps['aria-labelledby'],
          },
        ],
      ]}
    >
      {children}
    </Provider>
  );
}
