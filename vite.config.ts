import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './scripts/precompress.ts';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  // The app's version, for "Report a problem" (src/effects/journalReport.ts).
  define: { __APP_VERSION__: JSON.stringify(version) },
  // No source maps in the build members download (they would publish the source); `npm run dev` has its own.
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Left to itself the splitter cuts the lazy routes into dozens of files of a few hundred
          // bytes (one per set of pages sharing a module), and each response costs about 1.1 KB of
          // headers over HTTP/1.1. Three chunks instead (docs/client-shell.md, "Weight"):
          groups: [
            // What the entry imports (React, xstate, the app actor, the routes' switch), and only that.
            { name: 'shell', priority: 3, tags: ['$initial'] },
            // The sign-in page, the small auth pages and the form parts they share, with what they import.
            { name: 'auth', priority: 2, test: /[\\/]src[\\/]views[\\/](auth[\\/]|pages[\\/]AuthPage\.tsx|components[\\/](TextField|PasswordField|Checkbox|Alert|Button)\.tsx)/ },
            // The member layout and the pages of posts, where members land, with what they import;
            // the chat, groups, people, notifications and search stay chunks of their own.
            {
              name: 'member',
              priority: 1,
              test: /[\\/]src[\\/]views[\\/](MemberArea\.tsx|layouts[\\/]Member[A-Za-z]*\.tsx|streams[\\/](?!PageParts\.|format\.)|composer[\\/]ComposerProvider\.tsx|pages[\\/]member[\\/](Streams|Questions|Question|Post|Save|Photos|Videos|Media)Page\.tsx)/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/media': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
});
