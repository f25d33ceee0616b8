/** A placeholder block while content loads; the pulse stops for reduced motion. */
export function Skeleton({ className = '' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`block animate-pulse rounded-lg bg-neutral-200 motion-reduce:animate-none dark:bg-neutral-800 ${className}`}
    />
  );
}
