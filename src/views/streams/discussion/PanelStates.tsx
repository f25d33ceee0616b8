import { LoadError } from '../../ui/LoadError';
import { Skeleton } from '../../ui/Skeleton';

/** A comments or answers panel while its list loads: a few grey rows, announced as busy. */
export function PanelLoading({ label, rows, rowClassName }: { label: string; rows: number; rowClassName: string }) {
  return (
    <div className="flex flex-col gap-3 p-5" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className={rowClassName} />
      ))}
    </div>
  );
}

/** A comments or answers panel whose list did not load: what the server said, and Try again. */
export function PanelFailed({ error, onRetry }: { error: string | null; onRetry: () => void }) {
  return (
    <div className="p-5">
      <LoadError onRetry={onRetry}>{error}</LoadError>
    </div>
  );
}
