import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './scripts/precompress';

/** What both areas import (found in the build's module graph): see the 'common' group. */
const COMMON = new RegExp(
  [
    String.raw`[\\/]src[\\/]views[\\/]components[\\/](Button|Alert|Brand)\.tsx`,
    String.raw`[\\/]src[\\/]machines[\\/](failure|sendRetry)\.ts`,
    String.raw`[\\/]src[\\/]effects[\\/](bridge|guard)\.ts`,
    String.raw`[\\/]react-aria[\\/].*[\\/](FocusScope|I18nProvider|useLongPress)\.mjs`,
    String.raw`[\\/]react-stately[\\/].*[\\/](useControlledState|useToggleState)\.mjs`,
    String.raw`[\\/]react-aria-components[\\/].*[\\/](SharedElementTransition|SelectionIndicator)\.mjs`,
    String.raw`[\\/]lucide-react[\\/].*[\\/](lock|eye-off|messages-square|users-round|user-plus|send)\.mjs`,
  ].join('|'),
);
/** The member layout and the lists of posts. */
const MEMBER_AREA =
  /[\\/]src[\\/]views[\\/](MemberArea\.tsx|layouts[\\/]Member[A-Za-z]*\.tsx|streams[\\/](?!PageParts\.|format\.)|composer[\\/]ComposerProvider\.tsx|pages[\\/]member[\\/](Streams|Questions|Save|Photos|Videos|Media)Page\.tsx)/;
/** The page of one post or question, with its comments and answers (and their forms); the comments modal too. */
const POST_PAGE = /[\\/]src[\\/]views[\\/](pages[\\/]member[\\/](Post|Question)Page|streams[\\/](CommentsPanel|AnswersPanel|CommentsModal|useDiscussionLogic))\.tsx?/;
/** See the 'dialogs' group. */
const DIALOGS =
  /[\\/](src[\\/]views[\\/]components[\\/](SheetDialog|ConfirmDialog|TriggerContexts)\.tsx|react-aria-components[\\/].*[\\/](Modal|Popover|Dialog|Menu)\.mjs)/;
/** What those pages open (src/views/components/Deferred.tsx): not on their first paint. */
const OVERLAYS =
  /[\\/]src[\\/]views[\\/](streams[\\/](ReactionsModal|ReactionPicker|WhyDialog|ReportPostDialog)|components[\\/](MoreMenuPopover|SettingsMenuPopover|BlockConfirm)|layouts[\\/]MemberDrawer)\.tsx/;

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
          // Left to itself the splitter cuts the lazy routes into dozens of files of a few hundred
          // bytes (one per set of pages sharing a module), and each response costs about 1.1 KB of
          // headers over HTTP/1.1. Three chunks instead (docs/client-shell.md, "Weight"):
          groups: [
            // What the entry imports (React, xstate, the app actor, the routes' switch), and only that.
            { name: 'shell', priority: 3, tags: ['$initial'] },
            // What the sign-in page and the member area both import and the entry does not: the form
            // buttons and alerts, the machines' failure helpers, and react-aria's focus scope and
            // locale (the toolbar of the streams' order switch, the forms). Its own chunk, so a member's
            // page does not load the sign-in page's chunk for them.
            { name: 'common', priority: 2.5, test: COMMON },
            // The sign-in page, the small auth pages and the form parts they share, with what they import.
            { name: 'auth', priority: 2, test: /[\\/]src[\\/]views[\\/](auth[\\/](?!ForgotPasswordForm|ResetPasswordForm)|pages[\\/]AuthPage\.tsx|components[\\/](TextField|PasswordField|Checkbox)\.tsx)/ },
            // The member layout and the pages of posts, where members land, with what they import;
            // the chat, groups, people, notifications and search stay chunks of their own.
            { name: 'member', priority: 1, test: (id) => MEMBER_AREA.test(id) && !OVERLAYS.test(id) && !POST_PAGE.test(id) },
            // The overlays' building blocks (react-aria's modal, popover, dialog and menu, the sheet
            // and confirm dialogs): what the member area opens and what the chat, groups, people and
            // admin pages draw share them, and none of it is on the streams' first paint.
            { name: 'dialogs', priority: 0.9, test: DIALOGS },
            // A post or question opened on its own page, and the comments opened from a list.
            { name: 'post', priority: 0.75, test: POST_PAGE },
            // The overlays of those pages (menus, pickers, dialogs, the drawer), fetched on the first
            // open: one chunk, with what they import that the member chunk does not already hold.
            { name: 'overlays', priority: 0.5, test: OVERLAYS },
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
