export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[50vh] items-center justify-center">
      <span className="size-8 animate-spin rounded-full border-4 border-neutral-300 border-t-accent motion-reduce:animate-none" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
