import { BRAND } from '../../api/constants';

export type BrandSize = 'sm' | 'md' | 'lg';

const sizes: Record<BrandSize, { mark: string; text: string }> = {
  sm: { mark: 'size-7 text-sm rounded-lg', text: 'text-lg' },
  md: { mark: 'size-9 text-base rounded-xl', text: 'text-2xl' },
  lg: { mark: 'size-14 text-2xl rounded-2xl', text: 'text-4xl' },
};

/** The Stoa mark (a colonnade-like 'S' tile) and word mark. `showName={false}` keeps only the tile. */
export function Brand({ size = 'md', showName = true, className = '' }: { size?: BrandSize; showName?: boolean; className?: string }) {
  const s = sizes[size];
  return (
    <span className={`inline-flex items-center gap-2.5 ${className}`}>
      <span
        aria-hidden="true"
        className={`inline-flex items-center justify-center bg-accent-strong font-bold text-white shadow-sm ${s.mark}`}
      >
        S
      </span>
      {showName ? (
        <span className={`font-bold tracking-tight text-neutral-900 dark:text-white ${s.text}`}>{BRAND}</span>
      ) : (
        <span className="sr-only">{BRAND}</span>
      )}
    </span>
  );
}
