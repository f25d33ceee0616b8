import type { ReactNode } from 'react';
import { FEELINGS } from '../../../api/posts/choices';

export type FeelingName = (typeof FEELINGS)[number];

/** The reactions' face colour and feature ink: feelings and reactions read as one family. */
const FACE = '#f7b124';
const FEATURE = '#4a2c00';
const BLUSH = '#f05a6e';

/** Each feeling drawn on a 24x24 grid over the face disc (ReactionImage's grid and strokes). */
const DRAWINGS: Record<FeelingName, ReactNode> = {
  happy: (
    <>
      <circle cx="8.9" cy="10.3" r="1.3" fill={FEATURE} />
      <circle cx="15.1" cy="10.3" r="1.3" fill={FEATURE} />
      <path d="M7.6 14.2c1.1 2.3 2.6 3.4 4.4 3.4s3.3-1.1 4.4-3.4" stroke={FEATURE} strokeWidth="1.6" fill="none" strokeLinecap="round" />
    </>
  ),
  excited: (
    <>
      <path d="m8.9 7.4.8 1.7 1.8.2-1.3 1.2.4 1.8-1.7-.9-1.6.9.3-1.8-1.3-1.2 1.8-.2Z" fill={BLUSH} />
      <path d="m15.1 7.4.8 1.7 1.8.2-1.3 1.2.4 1.8-1.7-.9-1.6.9.3-1.8-1.3-1.2 1.8-.2Z" fill={BLUSH} />
      <path d="M6.8 13.4h10.4c0 2.9-2.3 5.1-5.2 5.1s-5.2-2.2-5.2-5.1Z" fill={FEATURE} />
    </>
  ),
  blessed: (
    <>
      <ellipse cx="12" cy="3.2" rx="5.6" ry="1.5" fill="none" stroke="#5fb3ff" strokeWidth="1.4" />
      <path
        d="M7.4 11.2c.7-1 2.2-1 2.9 0M13.7 11.2c.7-1 2.2-1 2.9 0"
        stroke={FEATURE}
        strokeWidth="1.6"
        fill="none"
        strokeLinecap="round"
      />
      <path d="M8.4 15c1 1.5 2.2 2.2 3.6 2.2s2.6-.7 3.6-2.2" stroke={FEATURE} strokeWidth="1.6" fill="none" strokeLinecap="round" />
    </>
  ),
  loved: (
    <>
      <path
        d="M7.4 10.4c.7-1 2.2-1 2.9 0M13.7 10.4c.7-1 2.2-1 2.9 0"
        stroke={FEATURE}
        strokeWidth="1.6"
        fill="none"
        strokeLinecap="round"
      />
      <path d="M9 15.2c.9 1.1 1.9 1.6 3 1.6s2.1-.5 3-1.6" stroke={FEATURE} strokeWidth="1.6" fill="none" strokeLinecap="round" />
      <path
        d="M19.6 5.9s-2.3-1.4-2.3-3c0-.7.5-1.2 1.2-1.2.5 0 .9.3 1.1.7.2-.4.6-.7 1.1-.7.7 0 1.2.5 1.2 1.2 0 1.6-2.3 3-2.3 3Z"
        fill={BLUSH}
      />
      <path d="M3.6 16.9s-1.8-1.1-1.8-2.3c0-.6.4-1 .9-1 .4 0 .7.2.9.6.2-.4.5-.6.9-.6.5 0 .9.4.9 1 0 1.2-1.8 2.3-1.8 2.3Z" fill={BLUSH} />
    </>
  ),
};

/**
 * A feeling's image, drawn for Stoa like the reactions (ReactionImage): the system's emoji font
 * drew empty boxes on desktops without one, and the picker and the card used two different
 * faces for 'happy'. One set for the composer's picker, its chip and the post card. Decorative:
 * the words beside it ("is feeling happy") carry the meaning.
 */
export function FeelingImage({ feeling, size = 18, className = '' }: { feeling: FeelingName; size?: number; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      data-feeling-image={feeling}
      className={`inline-block shrink-0 align-[-0.2em] ${className}`}
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12.6" r="10.4" fill={FACE} />
      {DRAWINGS[feeling]}
    </svg>
  );
}

export const isFeeling = (value: string): value is FeelingName => (FEELINGS as readonly string[]).includes(value);
