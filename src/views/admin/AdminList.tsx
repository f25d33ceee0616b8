import { useSelector } from '@xstate/react';
import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { ADMIN_SEARCH_MAX } from '../../api/moderation';
import { adminListView, pageCount } from '../../machines/admin/adminList.connect';
import type { AdminAction } from '../../machines/admin/adminAction.machine';
import {
  selectActionRef,
  selectIsActingOn,
  selectIsFailed,
  selectIsLoading,
  selectIsRefreshing,
  type AdminListActorRef,
} from '../../machines/admin/adminList.machine';
import {
  filtersByAdmin,
  filtersOf,
  isSearchable,
  itemKey,
  type AdminFilter,
  type AdminItems,
  type AdminListKind,
} from '../../machines/admin/adminLists';
import { Button } from '../ui/Button';
import { LoadError } from '../ui/LoadError';
import { Skeleton } from '../ui/Skeleton';
import { TextField } from '../ui/TextField';
import { EmptyState } from '../streams/PageParts';
import { ActionDialog } from './ActionDialog';
import { useAdminLogic } from './AdminLogic';
import { plural } from './format';
import { useScreenActor } from '../shared/useScreenActor';

/** What an item's buttons use: start an action about it, and whether one is running. */
export interface ItemTools {
  act: (action: AdminAction) => void;
  busy: boolean;
}

export interface AdminListProps<K extends AdminListKind> {
  kind: K;
  title: string;
  description: string;
  /** The item noun for the total ('member', 'report'...). */
  noun: string;
  /** The filter buttons' words (reports: null is 'Open'; appeals: 'All'). */
  filterLabel?: (filter: AdminFilter) => string;
  /** The filter as a row of buttons (the statuses) or, for a long list, a select named `filterName` (the audit log's actions). */
  filterStyle?: 'buttons' | 'select';
  filterName?: string;
  /** The search box's label and placeholder (default: the members' search). */
  search?: { label: string; placeholder: string };
  /** The search to start with (the audit log's target from the address). */
  initialQuery?: string;
  /** The empty state for a filter, a search and (the audit log) an admin. */
  empty: (filter: AdminFilter, query: string, adminId: string | null) => { title: string; text: string };
  renderItem: (item: AdminItems[K], tools: ItemTools) => ReactNode;
}

const toggleClass =
  'cursor-pointer whitespace-nowrap rounded-xl px-3 py-1.5 text-sm font-semibold text-neutral-700 outline-none transition-colors ' +
  'data-[hovered]:bg-neutral-200/70 data-[selected]:bg-neutral-900 data-[selected]:text-white data-[focus-visible]:outline-2 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-accent ' +
  'dark:text-neutral-300 dark:data-[hovered]:bg-neutral-700/60 dark:data-[selected]:bg-white dark:data-[selected]:text-neutral-900';

const filterKey = (filter: AdminFilter) => filter ?? 'any';

export const selectClass =
  'h-9 max-w-full cursor-pointer rounded-xl border border-neutral-300 bg-white px-3 text-sm font-semibold text-neutral-900 outline-none ' +
  'focus-visible:border-accent focus-visible:ring-2 focus-visible:ring-accent/30 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:[color-scheme:dark]';
const selectLabel = 'flex flex-col gap-1 text-sm font-medium text-neutral-800 dark:text-neutral-200';

/**
 * An admin list page on the one list machine: title and total, the status filter (a keyboard
 * radio group, or a select for the audit log's actions, beside its admin select), the search, loading / error / empty states, the items, Previous and
 * Next, and the dialog of the action running. Each page says how its items look and act.
 */
export function AdminList<K extends AdminListKind>({
  kind,
  title,
  description,
  noun,
  filterLabel,
  filterStyle = 'buttons',
  filterName = 'Status',
  search,
  initialQuery = '',
  empty,
  renderItem,
}: AdminListProps<K>) {
  const logic = useAdminLogic();
  const actor = useScreenActor(logic.list, { input: { kind, query: initialQuery } });
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectIsFailed);
  const refreshing = useSelector(actor, selectIsRefreshing);
  const dialog = useSelector(actor, selectActionRef);
  const { items, filter, query, page, hasMore, total, error, acting, adminId, admins } = useSelector(actor, adminListView);
  const [typed, setTyped] = useState(initialQuery);
  const heading = useRef<HTMLHeadingElement>(null);
  const filters = filtersOf(kind);
  const pages = useSelector(actor, pageCount);
  const listId = `admin-${kind}-title`;

  // An action whose item left the list (or whose dialog closed on a removed button) leaves the
  // focus nowhere: hand it to the page's heading.
  const wasActing = useRef(false);
  useEffect(() => {
    if (wasActing.current && acting === null) {
      queueMicrotask(() => {
        const active = document.activeElement;
        if (!active || active === document.body || !active.isConnected) heading.current?.focus();
      });
    }
    wasActing.current = acting !== null;
  }, [acting]);

  return (
    <section aria-labelledby={listId} className="flex max-w-4xl flex-col gap-5">
      <header className="flex flex-col gap-1">
        <h1
          id={listId}
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-neutral-900 outline-none dark:text-white"
        >
          {title}
        </h1>
        <p className="text-[15px] text-neutral-600 dark:text-neutral-400">
          {description}
          {total !== null && !loading && !failed ? (
            <span className="font-semibold text-neutral-800 dark:text-neutral-200"> {plural(total, noun)}.</span>
          ) : null}
        </p>
      </header>

      {filters.length > 1 && filterStyle === 'select' ? (
        <div className="flex flex-wrap items-end gap-3">
          <label className={selectLabel}>
            {filterName}
            <select
              value={filterKey(filter)}
              onChange={(e) => {
                const chosen = filters.find((f) => filterKey(f) === e.target.value);
                if (chosen !== undefined) actor.send({ type: 'list.filter', filter: chosen });
              }}
              className={selectClass}
            >
              {filters.map((f) => (
                <option key={filterKey(f)} value={filterKey(f)}>
                  {filterLabel?.(f) ?? String(f)}
                </option>
              ))}
            </select>
          </label>
          {filtersByAdmin(kind) ? (
            <label className={selectLabel}>
              Admin
              <select
                value={adminId ?? ''}
                onChange={(e) => actor.send({ type: 'list.admin', adminId: e.target.value || null })}
                className={selectClass}
              >
                <option value="">Any admin</option>
                {admins.map((admin) => (
                  <option key={admin._id} value={admin._id}>
                    {admin.username}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
      ) : filters.length > 1 ? (
        <ToggleButtonGroup
          aria-label="Status"
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[filterKey(filter)]}
          onSelectionChange={(keys) => {
            const key = [...keys][0];
            const chosen = filters.find((f) => filterKey(f) === key);
            if (chosen !== undefined) actor.send({ type: 'list.filter', filter: chosen });
          }}
          className="flex w-fit max-w-full flex-wrap gap-1 rounded-2xl bg-neutral-100 p-1 dark:bg-neutral-800/60"
        >
          {filters.map((f) => (
            <ToggleButton key={filterKey(f)} id={filterKey(f)} className={toggleClass}>
              {filterLabel?.(f) ?? String(f)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      ) : null}

      {isSearchable(kind) ? (
        <TextField
          label={search?.label ?? `Search ${noun}s`}
          type="search"
          value={typed}
          maxLength={ADMIN_SEARCH_MAX}
          icon={<Search size={18} />}
          placeholder={search?.placeholder ?? 'Username or e-mail'}
          onChange={(value) => {
            setTyped(value);
            actor.send({ type: 'list.search', query: value });
          }}
        />
      ) : null}

      {loading ? (
        <LoadingRows label={`Loading ${title.toLowerCase()}`} />
      ) : failed ? (
        <LoadError title={`Could not load ${title.toLowerCase()}`} onRetry={() => actor.send({ type: 'list.retry' })}>
          {error}
        </LoadError>
      ) : items.length === 0 ? (
        <EmptyState {...empty(filter, query, adminId)} />
      ) : (
        <ul aria-labelledby={listId} aria-busy={refreshing || undefined} className="flex flex-col gap-3">
          {(items as AdminItems[K][]).map((item) => {
            const key = itemKey(kind, item);
            return (
              <li key={key}>
                <ItemRow actor={actor} itemKey={key}>
                  {(busy) => renderItem(item, { busy, act: (action) => actor.send({ type: 'list.act', key, action }) })}
                </ItemRow>
              </li>
            );
          })}
        </ul>
      )}

      {!loading && (page > 1 || hasMore) ? (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3">
          <Button
            size="sm"
            variant="secondary"
            icon={<ChevronLeft size={16} />}
            isDisabled={page <= 1}
            onPress={() => actor.send({ type: 'list.page', page: page - 1 })}
          >
            Previous
          </Button>
          <span className="text-sm text-neutral-700 dark:text-neutral-300">
            Page {page}
            {pages !== null ? ` of ${pages}` : ''}
          </span>
          <Button size="sm" variant="secondary" isDisabled={!hasMore} onPress={() => actor.send({ type: 'list.page', page: page + 1 })}>
            Next
            <ChevronRight aria-hidden="true" size={16} />
          </Button>
        </nav>
      ) : null}

      {dialog ? <ActionDialog actor={dialog} /> : null}
    </section>
  );
}

/** Re-renders one item when its own busy state changes. */
function ItemRow({ actor, itemKey: key, children }: { actor: AdminListActorRef; itemKey: string; children: (busy: boolean) => ReactNode }) {
  const busy = useSelector(actor, (s) => selectIsActingOn(s, key));
  return <>{children(busy)}</>;
}

function LoadingRows({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      {[0, 1, 2].map((row) => (
        <div
          key={row}
          className="flex items-center gap-3 rounded-3xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
        >
          <Skeleton className="size-10 shrink-0 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-56 max-w-full" />
          </div>
          <Skeleton className="hidden h-8 w-20 rounded-full sm:block" />
        </div>
      ))}
    </div>
  );
}

/**
 * The card every admin item sits in, with its actions in a row under it (wrapping on phones).
 * `compact` items (a member, a ban) put their actions beside them from 768px.
 */
export function ItemCard({
  children,
  actions,
  label,
  compact = false,
}: {
  children: ReactNode;
  actions?: ReactNode;
  label: string;
  compact?: boolean;
}) {
  return (
    <article
      aria-label={label}
      className={`flex flex-col gap-3 rounded-3xl border border-neutral-200 bg-white p-4 shadow-sm dark:border-neutral-800 dark:bg-neutral-900 ${compact ? 'md:flex-row md:items-start md:gap-4' : ''}`}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-3">{children}</div>
      {actions ? (
        <div
          className={`flex flex-wrap items-center gap-2 border-t border-neutral-100 pt-3 dark:border-neutral-800 ${compact ? 'md:shrink-0 md:flex-nowrap md:border-0 md:pt-0' : ''}`}
        >
          {actions}
        </div>
      ) : null}
    </article>
  );
}
