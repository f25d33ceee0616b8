import { UNREACHABLE_TEXT, UNREACHABLE_TITLE } from '../../api/offline/words';

/** The member area's door when the server cannot be reached and nothing is kept: the session stays. */
export function Unreachable({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-3 px-6 text-center">
      <h1 className="text-xl font-bold text-neutral-900 dark:text-white">{UNREACHABLE_TITLE}</h1>
      <p className="text-neutral-700 dark:text-neutral-300">{UNREACHABLE_TEXT}</p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-full bg-accent-strong px-5 py-2 font-semibold text-white shadow-sm hover:bg-[#bd2139] active:bg-[#a51c31]"
      >
        Try again
      </button>
    </div>
  );
}
