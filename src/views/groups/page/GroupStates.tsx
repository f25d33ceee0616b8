import { Lock, SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';

/** While the group loads: the header's shape and the tabs. */
export function GroupSkeleton() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4" role="status" aria-label="Loading group">
      <div className="flex flex-col gap-4 rounded-3xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900">
        <div className="flex items-center gap-4">
          <Skeleton className="size-20 rounded-2xl" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-6 w-48" />
            <Skeleton className="h-4 w-32" />
          </div>
        </div>
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </div>
      <div className="flex gap-2" aria-hidden="true">
        {['Posts', 'Members'].map((name) => (
          <span
            key={name}
            className="rounded-xl bg-neutral-200 px-3 py-2 text-sm font-semibold text-neutral-600 dark:bg-neutral-800 dark:text-neutral-400"
          >
            {name}
          </span>
        ))}
      </div>
      <Skeleton className="h-40 w-full rounded-3xl" />
    </div>
  );
}

/** The server answers 404 for a group that does not exist (or no longer does); private groups show their page to everyone. */
export function GroupNotFound() {
  return (
    <section
      aria-labelledby="group-not-found"
      className="mx-auto flex max-w-xl flex-col items-center gap-3 rounded-3xl border border-neutral-200 bg-white px-6 py-12 text-center dark:border-neutral-800 dark:bg-neutral-900"
    >
      <span
        aria-hidden="true"
        className="inline-flex size-12 items-center justify-center rounded-2xl bg-neutral-100 text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300"
      >
        <SearchX size={24} />
      </span>
      <h1 id="group-not-found" className="text-xl font-semibold text-neutral-900 dark:text-white">
        This group does not exist
      </h1>
      <p className="max-w-sm text-[15px] text-neutral-600 dark:text-neutral-400">
        It may have been deleted. Find another one among the groups.
      </p>
      <Link href="/groups" className={buttonClasses({ variant: 'secondary' })}>
        Back to groups
      </Link>
    </section>
  );
}

/** A private group's content for someone who is not (yet) an accepted member. */
export function GroupLocked() {
  return (
    <section className="flex flex-col items-center gap-3 rounded-3xl border border-dashed border-neutral-300 bg-white px-6 py-10 text-center dark:border-neutral-700 dark:bg-neutral-900">
      <span
        aria-hidden="true"
        className="inline-flex size-12 items-center justify-center rounded-2xl bg-neutral-100 text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300"
      >
        <Lock size={24} />
      </span>
      <h2 className="text-lg font-semibold text-neutral-900 dark:text-white">This group is private</h2>
      <p className="max-w-sm text-[15px] text-neutral-600 dark:text-neutral-400">Only members can see posts and member list.</p>
    </section>
  );
}
