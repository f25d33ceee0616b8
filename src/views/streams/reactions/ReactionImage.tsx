import type { ReactNode } from 'react';
import type { ReactionType } from '../../../api/constants';
import { REACTION_COLORS } from '../../../api/posts/choices';

/**
 * The six reactions as the app draws them: one image, colour and label per type, used by the
 * picker, a card's action, its counts and the reactions modal. The images are SVG drawn for Stoa
 * (docs/client-streams.md), shipped in the bundle: a desktop without a colour emoji font showed
 * empty boxes, and the emoji fonts that exist drew 'happy' differently from one another.
 */
export interface ReactionLook {
  label: string;
  /** The spec's colour: the face or badge itself. */
  color: string;
  /** The same hue as text: AA on white (the spec colours of like, love and angry are not). */
  ink: string;
  /** Text on the dark surfaces. */
  inkDark: string;
}

export const REACTION_LOOK: Record<ReactionType, ReactionLook> = {
  like: { label: 'Like', color: REACTION_COLORS.like, ink: '#0b6fb8', inkDark: REACTION_COLORS.like },
  love: { label: 'Love', color: REACTION_COLORS.love, ink: '#c81e3a', inkDark: '#ff6b81' },
  angry: { label: 'Angry', color: REACTION_COLORS.angry, ink: '#a84d05', inkDark: '#f59a4c' },
  happy: { label: 'Happy', color: REACTION_COLORS.happy, ink: '#8a5a00', inkDark: REACTION_COLORS.happy },
  sad: { label: 'Sad', color: REACTION_COLORS.sad, ink: '#8a5a00', inkDark: REACTION_COLORS.sad },
  wow: { label: 'Wow', color: REACTION_COLORS.wow, ink: '#8a5a00', inkDark: REACTION_COLORS.wow },
};

/** Face features: a warm dark brown that reads on the yellow and the orange faces. */
const FEATURE = '#4a2c00';

/** Each drawing on a 24x24 grid, on a disc of the reaction's colour. */
const DRAWINGS: Record<ReactionType, ReactNode> = {
  like: (
    <>
      <rect x="5.5" y="11" width="3" height="7.5" rx="1" fill="#fff" />
      <path d="M9.6 11.2 12.3 6.1c.5-.9 1.9-.6 1.9.5l-.3 3.6h3c1.1 0 1.9 1 1.7 2.1l-1 4.9c-.2.8-.9 1.3-1.7 1.3H9.6Z" fill="#fff" />
    </>
  ),
  love: (
    <path
      d="M12 18.2s-6.2-3.8-6.2-8c0-1.9 1.4-3.3 3.2-3.3 1.3 0 2.4.7 3 1.8.6-1.1 1.7-1.8 3-1.8 1.8 0 3.2 1.4 3.2 3.3 0 4.2-6.2 8-6.2 8Z"
      fill="#fff"
    />
  ),
  angry: (
    <>
      <path d="M6.5 8.2 10.4 10M17.5 8.2 13.6 10" stroke={FEATURE} strokeWidth="1.6" strokeLinecap="round" />
      <circle cx="8.9" cy="12" r="1.3" fill={FEATURE} />
      <circle cx="15.1" cy="12" r="1.3" fill={FEATURE} />
      <path d="M8.8 17.4c1.9-1.5 4.5-1.5 6.4 0" stroke={FEATURE} strokeWidth="1.6" fill="none" strokeLinecap="round" />
    </>
  ),
  happy: (
    <>
      <path
        d="M6.8 10.4c.7-1.4 2.6-1.4 3.3 0M13.9 10.4c.7-1.4 2.6-1.4 3.3 0"
        stroke={FEATURE}
        strokeWidth="1.6"
        fill="none"
        strokeLinecap="round"
      />
      <path d="M6.6 13.2h10.8c0 3-2.4 5.3-5.4 5.3s-5.4-2.3-5.4-5.3Z" fill={FEATURE} />
      <path d="M9 16.9c.8-.7 1.8-1 3-1s2.2.3 3 1c-.8.6-1.9 1-3 1s-2.2-.4-3-1Z" fill="#f05a6e" />
    </>
  ),
  sad: (
    <>
      <path d="M6.6 8.8 9.8 7.6M17.4 8.8l-3.2-1.2" stroke={FEATURE} strokeWidth="1.5" strokeLinecap="round" />
      <circle cx="8.9" cy="11.3" r="1.3" fill={FEATURE} />
      <circle cx="15.1" cy="11.3" r="1.3" fill={FEATURE} />
      <path d="M8.6 17.6c2-1.9 4.8-1.9 6.8 0" stroke={FEATURE} strokeWidth="1.6" fill="none" strokeLinecap="round" />
      <path d="M16.3 13.4c.6 1 1.2 1.8 1.2 2.5a1.2 1.2 0 0 1-2.4 0c0-.7.6-1.5 1.2-2.5Z" fill="#2f8fe0" />
    </>
  ),
  wow: (
    <>
      <path d="M6.9 7.6c.7-.8 2-1 3-.5M17.1 7.6c-.7-.8-2-1-3-.5" stroke={FEATURE} strokeWidth="1.5" fill="none" strokeLinecap="round" />
      <ellipse cx="8.9" cy="10.8" rx="1.3" ry="1.7" fill={FEATURE} />
      <ellipse cx="15.1" cy="10.8" rx="1.3" ry="1.7" fill={FEATURE} />
      <ellipse cx="12" cy="16.2" rx="2.2" ry="2.7" fill={FEATURE} />
    </>
  ),
};

/**
 * A reaction's image. Decorative by default (a control around it carries the name); `title`
 * names it for places where the image alone says which reaction it is.
 */
export function ReactionImage({
  type,
  size = 20,
  className = '',
  title,
}: {
  type: ReactionType;
  size?: number;
  className?: string;
  title?: boolean;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      data-reaction-image={type}
      className={`shrink-0 ${className}`}
      {...(title ? { role: 'img', 'aria-label': REACTION_LOOK[type].label } : { 'aria-hidden': true, focusable: false })}
    >
      <circle cx="12" cy="12" r="12" fill={REACTION_LOOK[type].color} />
      {DRAWINGS[type]}
    </svg>
  );
}
