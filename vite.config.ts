import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './scripts/precompress';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  // No source maps in the build members download (they would publish the source); `npm run dev` has its own.
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The sign-in page, the small auth pages and the form parts they share, with what they
            // import, as one chunk: left to itself the splitter cut them into some twenty files of
            // a few hundred bytes, and each response costs about 1.1 KB of headers over HTTP/1.1
            // (docs/client-shell.md, "Weight").
            { name: 'auth', test: /[\\/]src[\\/]views[\\/](auth[\\/]|pages[\\/]AuthPage\.tsx|components[\\/](TextField|PasswordField|Checkbox|Alert|Button)\.tsx)/ },
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
