import { Users } from 'lucide-react';

const sizes = { sm: 'size-8', md: 'size-10' };

/** A group chat's picture, else a group icon. Decorative: the group's name is always beside it. */
export function GroupAvatar({ picture, size = 'md' }: { picture?: string; size?: 'sm' | 'md' }) {
  const frame = `inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full ${sizes[size]}`;
  if (picture) return <img src={picture} alt="" aria-hidden="true" className={`${frame} object-cover`} />;
  return (
    <span aria-hidden="true" className={`${frame} bg-neutral-200 text-neutral-700 dark:bg-neutral-700 dark:text-neutral-100`}>
      <Users size={size === 'sm' ? 16 : 20} />
    </span>
  );
}
