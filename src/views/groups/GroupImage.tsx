import type { Group } from '../../api/groups';

/** The group's picture, or its first letter on the accent when it has none. Decorative: the name is beside it. */
export function GroupImage({ group, className = 'size-14 text-2xl' }: { group: Pick<Group, 'name' | 'profileImage'>; className?: string }) {
  const frame = `inline-flex shrink-0 items-center justify-center overflow-hidden rounded-2xl ${className}`;
  if (group.profileImage) return <img src={group.profileImage} alt="" aria-hidden="true" className={`${frame} object-cover`} />;
  return (
    <span aria-hidden="true" className={`${frame} bg-accent-strong font-semibold uppercase text-white`}>
      {group.name.trim().charAt(0) || '?'}
    </span>
  );
}
