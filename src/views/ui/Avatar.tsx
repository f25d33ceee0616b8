import { DEFAULT_AVATAR_COLOR } from '../../api/constants';

export interface AvatarProps {
  username: string;
  avatarColor?: string;
  /** The generated 200x200 png (a data URL or a media URL). */
  avatarImage?: string;
  /** An uploaded picture; preferred over the generated one. */
  profilePicture?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizes = { sm: 'size-8 text-sm', md: 'size-10 text-base', lg: 'size-16 text-2xl' };

/**
 * A member's round avatar: the uploaded picture, else the generated image, else the first
 * letter on the member's colour (white text, as the generated avatar). Decorative: the name
 * is always written next to it or given to the surrounding control.
 */
export function Avatar({ username, avatarColor, avatarImage, profilePicture, size = 'md', className = '' }: AvatarProps) {
  const src = profilePicture || avatarImage;
  const frame = `inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full ${sizes[size]} ${className}`;
  if (src) return <img src={src} alt="" aria-hidden="true" className={`${frame} object-cover`} />;
  return (
    <span
      aria-hidden="true"
      className={`${frame} font-semibold uppercase text-white`}
      style={{ backgroundColor: avatarColor || DEFAULT_AVATAR_COLOR }}
    >
      {username.charAt(0) || '?'}
    </span>
  );
}
