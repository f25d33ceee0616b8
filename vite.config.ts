import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress.ts';
import { webAppManifest } from './scripts/webAppManifest.ts';
import { reactAriaLocales } from './scripts/reactAriaLocales.ts';
import { entryClosures } from './scripts/entryClosures.ts';
import { syncExternalStoreWithoutShim } from './scripts/syncExternalStore.ts';
import { focusWalkerApart } from './scripts/focusWalker.ts';

// The chunks of the client (docs/client-shell.md, "Weight"). Each group takes the modules its test
// matches with what they import that no group of higher priority took.

/**
 * What both the sign-in page and the member area import (read from the build's module graph):
 * part of `base`, which both load, though the app's entry may not import it. Kept by hand: a widget
 * both come to share joins it, or the streams load the sign-in chunk again (the transfer bench
 * lists each route's files). Of react-aria's focus module, the copy that only walks the DOM
 * (scripts/focusWalker.ts): the focus trap itself goes with the dialogs.
 */
const COMMON = new RegExp(
  [
    String.raw`[\\/]src[\\/]views[\\/](ui[\\/](Button|Alert)|shell[\\/]Brand)\.tsx`,
    String.raw`[\\/]src[\\/]machines[\\/]shared[\\/](failure|sendRetry)\.ts`,
    String.raw`[\\/]src[\\/]machines[\\/]session[\\/]session\.connect\.ts`,
    String.raw`[\\/]src[\\/]views[\\/]shared[\\/](useScreenActor\.ts|areaLogic\.tsx)`,
    String.raw`[\\/]src[\\/]effects[\\/]shell[\\/]bridge\.ts`,
    String.raw`[\\/]react-aria[\\/].*[\\/]((I18nProvider|useLongPress)\.mjs|FocusScope\.mjs\?walker)`,
    String.raw`[\\/]react-stately[\\/].*[\\/](useControlledState|useToggleState)\.mjs`,
    String.raw`[\\/]react-aria-components[\\/].*[\\/](SharedElementTransition|SelectionIndicator)\.mjs`,
    String.raw`[\\/]lucide-react[\\/].*[\\/](lock|eye-off|messages-square|users-round|user-plus|send|arrow-left|info|circle-check|triangle-exclamation-point)\.mjs`,
  ].join('|'),
);
/**
 * The sign-in page: the light entry (src/signInEntry.tsx, its root machine and effects), the forms
 * and their parts, with what they import that `base` does not hold. Not the app's pages
 * that draw the same forms (AuthPage, the admin sign-in and sign-up: chunks of their own, with the
 * app's effects), the password reset pages, nor the single-card frame and the change-password form
 * the sign-in page does not show.
 */
const SIGN_IN_PAGE = new RegExp(
  [
    String.raw`[\\/]src[\\/]views[\\/]auth[\\/](?!forms[\\/](ForgotPasswordForm|ResetPasswordForm|PasswordForm)|ForgotPasswordPage|ResetPasswordPage|PasswordResetLogic|AuthPage|AdminSign(In|Up)Page|AppAuthLogic|AuthShell)`,
    String.raw`[\\/]src[\\/]views[\\/]ui[\\/](TextField|PasswordField|Checkbox)\.tsx`,
    String.raw`[\\/]src[\\/](signInEntry\.tsx|views[\\/]shell[\\/]SignInPageRoot\.tsx|effects[\\/](auth[\\/]authForms|shell[\\/]signInPage)\.ts|machines[\\/]shell[\\/]signInPage\.(machine|connect)\.ts)`,
  ].join('|'),
);
/** The member layout and the lists of posts (streams, questions, saved, photos, videos). */
const MEMBER_AREA =
  /[\\/]src[\\/]views[\\/](MemberArea\.tsx|layouts[\\/]Member[A-Za-z]*\.tsx|streams[\\/](?!PageParts\.|post[\\/]format\.)|composer[\\/]ComposerProvider\.tsx)/;
/** The page of one post or question, with its comments and answers (and their forms); the comments modal too. */
const POST_PAGE =
  /[\\/]src[\\/]views[\\/]streams[\\/](pages[\\/](Post|Question)Page|discussion[\\/](CommentsPanel|AnswersPanel|CommentsModal|useDiscussionLogic))\.tsx?/;
/** The overlays' building blocks: react-aria's modal, popover, dialog and menu, the sheet and confirm dialogs. */
const DIALOGS =
  /[\\/](src[\\/]views[\\/](ui[\\/](SheetDialog|ConfirmDialog)|overlays[\\/]TriggerContexts)\.tsx|react-aria-components[\\/].*[\\/](Modal|Popover|Dialog|Menu)\.mjs)/;
/** What the member area opens (src/views/overlays/Deferred.tsx, OverlayTrigger.tsx): not on its first paint. */
const OVERLAYS =
  /[\\/]src[\\/]views[\\/](streams[\\/](reactions[\\/](ReactionsModal|ReactionPicker)|post[\\/]WhyDialog)|moderation[\\/]ReportDialog|overlays[\\/]MoreMenuPopover|shell[\\/]SettingsMenuPopover|people[\\/]BlockConfirm|layouts[\\/]MemberDrawer)\.tsx/;

/**
 * Small modules that left the streams' first paint with what imports them (ON_DEMAND) but that the
 * chat, admin and people pages import too: one chunk of their own (`memberShared`, 1.1 KB brotli),
 * rather than in the chunk of a page they do not need (the post page's, the overlays'). Formerly in
 * `member`, where every member's first page carried them (docs/benchmarks/transfer.md, 1 December).
 */
const MEMBER_SHARED = new RegExp(
  [
    String.raw`[\\/]src[\\/](machines[\\/]shared[\\/]clientIds\.ts|api[\\/]moderation[\\/]reports\.ts)`,
    String.raw`[\\/]src[\\/]views[\\/](chat[\\/](chatLinks\.ts|MessageLink\.tsx)|people[\\/]memberHref\.ts)`,
    String.raw`[\\/]lucide-react[\\/].*[\\/](ban|flag|user-check)\.mjs`,
  ].join('|'),
);
/**
 * Member-area modules fetched when the member acts (or the screen is wide), not on the streams' first
 * paint: each its own chunk, left out of `member` (docs/client-shell.md, "Weight").
 */
const ON_DEMAND = /[\\/]src[\\/]views[\\/](layouts[\\/]MemberAside(Logic)?|streams[\\/]post[\\/]AuthorMenuPopover)\.tsx/;

/**
 * The IndexedDB stores of a signed-in page (src/effects/offline) and the idb library they open them
 * with: Stoa's own idb, not the older copy Firebase nests under @firebase/app (NESTED_PACKAGE), which
 * only the Google sign-in loads; matched too, it rode in this chunk to every signed-in page.
 */
const OFFLINE_DB = /[\\/](node_modules[\\/]idb[\\/]|src[\\/]effects[\\/]offline[\\/](outboxDb|keptStore)\.ts)/;
/** A package installed inside another's node_modules (a second copy at another version). */
const NESTED_PACKAGE = /[\\/]node_modules[\\/].*[\\/]node_modules[\\/]/;
/** socket.io-client and the packages under it, loaded with a signed-in page's first connection (src/effects/shell/socket.ts). */
const SOCKET_CLIENT =
  /[\\/]node_modules[\\/](socket\.io-client|engine\.io-client|engine\.io-parser|socket\.io-parser|@socket\.io[\\/]component-emitter)[\\/]/;

/** The words of a notification: the toasts' (fetched with the first one) and the inbox's. */
const NOTICES = /[\\/]src[\\/](effects[\\/]shell[\\/]noticeOf|api[\\/]notifications[\\/]notificationWords)\.ts$/;

/**
 * Built files the service worker does not precache: the debug panel's statechart explorer (a
 * third of a megabyte of diagram code, loaded only when someone opens it, and useless offline).
 */
const NOT_PRECACHED = ['assets/Explorer-*.js'];

/**
 * The bootstrap (src/main.tsx) loads one of two entries: the light sign-in page (src/signInEntry.tsx)
 * or the app (src/appEntry.tsx). What both import (React, xstate, the router, the session and theme
 * machines, the journal...) and what the bootstrap itself imports is one chunk, `base`, so neither
 * page loads the other's code for it; read from the build's module graph, not kept by hand.
 */
/**
 * Packages whose index lists every module of theirs (react-aria's widgets, lucide's icons): the graph
 * counts each of them as imported by both entries. They join `base` only as what its modules use.
 */
const LISTED_BY_INDEX =
  /[\\/]node_modules[\\/](lucide-react[\\/]dist[\\/]esm[\\/](icons[\\/]|lucide-react\.mjs)|(react-aria|react-stately|react-aria-components|@react-aria|@react-stately|@internationalized|clsx|client-only|use-isomorphic-layout-effect)[\\/])/;

/**
 * The page's entry module (index.html's): in `base`, which then is the entry file itself
 * (`index-*.js`), rather than a file of its own that only imported `base` (one request and about
 * 0.5 KB of headers less on every page).
 */
const ENTRY_PAGE = /[\\/]index\.html$/;
/**
 * workbox-window (1.1 KB brotli): every page registers the service worker with it after its `load`
 * (src/effects/offline/appUpdate.ts imports it then): in `base`, not a request of its own.
 */
const WORKBOX_WINDOW = /[\\/]node_modules[\\/]workbox-window[\\/]/;

const entries = entryClosures(import.meta.dirname, {
  main: 'src/main.tsx',
  signIn: 'src/signInEntry.tsx',
  app: 'src/appEntry.tsx',
});

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  plugins: [
    entries.plugin,
    react(),
    reactAriaLocales(),
    syncExternalStoreWithoutShim(),
    focusWalkerApart(),
    tailwindcss(),
    // The service worker (src/worker/sw.ts, docs/client-offline.md) and the web app manifest. The
    // worker is ours (injectManifest): Workbox only writes the list of the build's files into it.
    // It is registered by the app (src/effects/offline/appUpdate.ts), never by an injected script
    // (the CSP allows no inline script it does not know).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/worker',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: webAppManifest,
      includeAssets: [],
      injectManifest: {
        // The shell, every route's chunk, styles, fonts (Inter's woff2 only: every browser Stoa
        // supports reads it), the icons and the manifest; not the pre-compressed copies (the
        // server sends those for the plain names) nor the build tools' own files.
        globPatterns: ['**/*.{js,css,html,woff2,svg,png,webmanifest}'],
        globIgnores: ['**/*.br', '**/*.gz', '.vite/**', 'sw.js', ...NOT_PRECACHED],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        minify: true,
      },
      // The pre-compression below runs after the worker is written, so the worker is compressed too.
      integration: { closeBundleOrder: 'pre' },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
  // The app's version, for "Report a problem" (src/effects/debug/journalReport.ts).
  define: { __APP_VERSION__: JSON.stringify(version) },
  resolve: {
    alias: [
      // workbox-window's package points bundlers ("module") at its ES5 build, whose async code is
      // transpiled to generators (2.0 KB brotli); its modern build (same library, same version) is
      // 1.2 KB. Every page loads it after the first paint (src/effects/offline/appUpdate.ts).
      { find: /^workbox-window$/, replacement: 'workbox-window/build/workbox-window.prod.mjs' },
    ],
  },
  // No source maps in the build members download (they would publish the source); `npm run dev` has its own.
  build: {
    outDir: 'dist',
    sourcemap: false,
    // No modulepreload polyfill (0.3 KB on every page): every browser of Vite's build target but
    // Safari 16 follows <link rel="modulepreload"> itself, and there a chunk's imports are fetched
    // as it runs instead of beside it (docs/client-shell.md, "Weight").
    modulePreload: { polyfill: false },
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Left to itself the splitter cuts the lazy routes into dozens of files of a few hundred
          // bytes (one per set of pages sharing a module), and each response costs about 1.1 KB of
          // headers over HTTP/1.1. A few chunks instead, each loaded by the routes that need it:
          // sign-in = base (the entry file) + auth; streams = base + shell + member (+ socket.io-client).
          groups: [
            // What the bootstrap imports, what both the light sign-in page and the app import (React,
            // xstate, the router, the session and theme machines, the journal...), and what the
            // sign-in page and the member area share (COMMON: buttons, alerts, the bridge, focus scope).
            {
              name: 'base',
              priority: 4,
              test: (id) =>
                !id.endsWith('.css') &&
                (ENTRY_PAGE.test(id) ||
                  WORKBOX_WINDOW.test(id) ||
                  COMMON.test(id) ||
                  entries.inClosure(id, 'main') ||
                  (entries.inAll(id, 'signIn', 'app') && !LISTED_BY_INDEX.test(id))),
            },
            // The app's entry and what it imports besides `base` (the app actor, the routes' switch).
            { name: 'shell', priority: 3, test: /[\\/]src[\\/]appEntry\.tsx$/ },
            // The sign-in page and its form parts (the password reset pages have chunks of their own).
            {
              name: 'auth',
              priority: 2,
              test: SIGN_IN_PAGE,
            },
            // The member layout and the lists of posts, where members land; the chat, groups, people,
            // notifications, search and the page of one post stay chunks of their own. With them what
            // every signed-in page fetches as it starts, and the signed-out pages never: the member's
            // IndexedDB stores (the outbox, the kept pages) with idb, and socket.io-client (the live
            // connection); the member area and the admin area load this chunk anyway, so two requests
            // fewer (formerly `offlineDb` and `esm`, then `signedIn`), and they are there before the
            // session's check ends. (A page outside both areas that opens the socket, a signed-in
            // member on a password reset link, fetches `member` for it.)
            {
              name: 'member',
              priority: 1,
              test: (id) =>
                (MEMBER_AREA.test(id) && !OVERLAYS.test(id) && !POST_PAGE.test(id) && !ON_DEMAND.test(id)) ||
                (OFFLINE_DB.test(id) && !NESTED_PACKAGE.test(id)) ||
                SOCKET_CLIENT.test(id),
            },
            // The overlays' building blocks (DIALOGS): what the member area opens and what the chat,
            // groups, people and admin pages draw share them; none of it is on the streams' first paint.
            // What the chat, admin and people pages share that the streams do not show (MEMBER_SHARED).
            { name: 'memberShared', priority: 0.95, test: MEMBER_SHARED },
            { name: 'dialogs', priority: 0.9, test: DIALOGS },
            // A post or question opened on its own page, and the comments opened from a list.
            { name: 'post', priority: 0.75, test: POST_PAGE },
            // The member area's menus, pickers, dialogs and drawer (OVERLAYS), fetched on the first
            // open (or the intent to open) of any of them: one chunk.
            { name: 'overlays', priority: 0.5, test: OVERLAYS },
            // What a notice says (src/effects/shell/notices.ts fetches it with the first notification)
            // and the inbox's words it is made of, which the notifications page reads too: one request.
            { name: 'notices', priority: 0.3, test: NOTICES },
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
