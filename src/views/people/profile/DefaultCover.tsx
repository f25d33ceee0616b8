import { useId } from 'react';

/** A hex colour as hue, saturation and lightness (0-360, 0-100, 0-100); null when it is not one. */
export function hexToHsl(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(hex.trim());
  if (!m) return null;
  const full = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return [0, 0, Math.round(l * 100)];
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [Math.round((h * 60 + 360) % 360), Math.round(s * 100), Math.round(l * 100)];
}

/**
 * The three colours of a member's default cover, from their avatar colour: the colour itself
 * (kept mid-light so white buttons on it stay readable), a neighbour 40 degrees round the wheel,
 * and a deep shade for the shapes. A colour that is not one gives the neutral accent.
 */
export function coverColors(avatarColor: string): { from: string; to: string; shape: string } {
  const [h, s, l] = hexToHsl(avatarColor) ?? [350, 70, 45];
  const sat = Math.max(35, Math.min(s, 80));
  const light = Math.max(35, Math.min(l, 55));
  return {
    from: `hsl(${h} ${sat}% ${light}%)`,
    to: `hsl(${(h + 40) % 360} ${sat}% ${Math.min(light + 12, 65)}%)`,
    shape: `hsl(${(h + 340) % 360} ${sat}% ${Math.max(light - 18, 20)}%)`,
  };
}

/**
 * The cover of a member who has not chosen one: a gradient in their colour with soft circles
 * and a wave, drawn in SVG (nothing to load, nothing the CSP must allow). Decorative.
 */
export function DefaultCover({ avatarColor }: { avatarColor: string }) {
  const id = useId();
  const { from, to, shape } = coverColors(avatarColor);
  return (
    <svg
      aria-hidden="true"
      data-testid="default-cover"
      className="absolute inset-0 size-full"
      viewBox="0 0 800 200"
      preserveAspectRatio="xMidYMid slice"
    >
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <rect width="800" height="200" fill={`url(#${id}-bg)`} />
      <circle cx="690" cy="30" r="120" fill="white" fillOpacity="0.12" />
      <circle cx="120" cy="190" r="90" fill={shape} fillOpacity="0.25" />
      <circle cx="520" cy="160" r="46" fill="white" fillOpacity="0.1" />
      <path d="M0 150 C 160 110, 300 190, 460 150 S 700 110, 800 140 L 800 200 L 0 200 Z" fill={shape} fillOpacity="0.3" />
    </svg>
  );
}
