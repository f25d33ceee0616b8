/**
 * The web app manifest (vite.config.ts writes it as /manifest.webmanifest and links it from
 * index.html): what Chromium needs to offer "Install Stoa" (name, icons of 192 and 512 px, a start
 * URL, standalone display), a maskable icon for launchers that cut shapes, and the colours of the
 * splash and title bar. The theme colour is the accent (light and dark alike, as index.html's
 * theme-color); the background is the page's own, light (neutral-50) or, where the browser reads
 * the dark preferences, dark (neutral-950). Icons: scripts/icons.ts.
 */
import type { ManifestOptions } from 'vite-plugin-pwa';

export const THEME_COLOR = '#f33e58';
export const BACKGROUND_LIGHT = '#fafafa';
export const BACKGROUND_DARK = '#0a0a0a';

export const webAppManifest: Partial<ManifestOptions> & Record<string, unknown> = {
  id: '/',
  name: 'Stoa',
  short_name: 'Stoa',
  description: 'Stoa: an open social and learning network',
  lang: 'en',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_LIGHT,
  // Chromium's dark-mode manifest members (read where supported, ignored elsewhere).
  user_preferences: { color_scheme_dark: { theme_color: THEME_COLOR, background_color: BACKGROUND_DARK } },
  categories: ['social', 'education'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  ],
};
