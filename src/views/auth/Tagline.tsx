import { useEffect, useRef, useState } from 'react';

export const TAGLINES = ['Share what you learn.', 'Ask what you wonder.', 'Grow together.'] as const;
const ROTATE_MS = 3200;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/**
 * The splash's animated tagline: one phrase at a time, each sliding in. With reduced motion the
 * phrases are shown together and nothing moves. Screen readers get the whole line once.
 */
export function Tagline({ className = '' }: { className?: string }) {
  const [reduced] = useState(prefersReducedMotion);
  const [index, setIndex] = useState(0);
  const phrase = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (reduced) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % TAGLINES.length), ROTATE_MS);
    return () => clearInterval(timer);
  }, [reduced]);

  useEffect(() => {
    const el = phrase.current;
    if (reduced || !el || typeof el.animate !== 'function') return;
    el.animate(
      [
        { opacity: 0, transform: 'translateY(0.4em)' },
        { opacity: 1, transform: 'translateY(0)' },
      ],
      { duration: 550, easing: 'cubic-bezier(0.2, 0.8, 0.2, 1)' },
    );
  }, [index, reduced]);

  return (
    <p className={className}>
      <span className="sr-only">{TAGLINES.join(' ')}</span>
      <span aria-hidden="true" ref={phrase} className="inline-block" data-testid="tagline">
        {reduced ? TAGLINES.join(' ') : TAGLINES[index]}
      </span>
    </p>
  );
}
