/**
 * The debug panel and the statechart explorer never ship in the pages a member loads without
 * ?debug=1: a real `vite build` (a few seconds), read through its module graph (which
 * modules each chunk holds) and its manifest (what each route loads). The bundle benchmark
 * records the same as a goal (tests/bench/run.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import { builtModules, DEBUG_MODULE, debugChunksLoaded, readManifest, routeModules } from './bench/bundle';

const root = join(import.meta.dirname, '..');
const outDir = mkdtempSync(join(tmpdir(), 'stoa-debug-chunks-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

let built: Parameters<typeof debugChunksLoaded>[0];
beforeAll(async () => {
  built = (await build({ root, logLevel: 'silent', build: { outDir, emptyOutDir: true } })) as Parameters<typeof debugChunksLoaded>[0];
}, 180_000);

describe('what the first routes load', () => {
  it('the sign-in and streams routes load none of the debug panel’s or the explorer’s chunks', () => {
    const { debugFiles, signIn, streams } = debugChunksLoaded(built, readManifest(outDir));
    expect({ signIn, streams }).toEqual({ signIn: [], streams: [] });
    // Not for want of debug chunks: the panel and its "Report a problem" button are a chunk of their own.
    expect(debugFiles.length).toBeGreaterThan(0);
    expect(debugFiles.some((file) => /DebugPanel/.test(file))).toBe(true);
  });

  it('the streams route loads no zod: the schemas come with the pages and dialogs that validate', () => {
    const { streams, signIn } = routeModules(built, readManifest(outDir));
    expect(signIn.length).toBeGreaterThan(0);
    expect(streams.some((id) => /src[\\/]views[\\/]streams[\\/]/.test(id))).toBe(true);
    expect(streams.filter((id) => /node_modules[\\/]zod[\\/]/.test(id))).toEqual([]);
  });

  it('the streams route loads neither the sign-in page nor the overlays: a confirm dialog comes on its first open', () => {
    const { streams } = routeModules(built, readManifest(outDir));
    // A module of the sign-in page's chunk would bring the whole chunk (docs/benchmarks/transfer.md).
    expect(streams.filter((id) => /src[\\/]views[\\/]auth[\\/]/.test(id))).toEqual([]);
    expect(streams.filter((id) => /src[\\/]views[\\/]ui[\\/](ConfirmDialog|SheetDialog)\.tsx/.test(id))).toEqual([]);
    expect(streams.filter((id) => /react-aria-components[\\/].*[\\/](Modal|Dialog|Menu|Popover)\.mjs/.test(id))).toEqual([]);
  });

  it('the streams route loads what the member acts on only when they do: the composer, a card’s author menu, the right column', () => {
    const { streams } = routeModules(built, readManifest(outDir));
    // docs/client-shell.md, "Weight": each comes with the first request to write, the menu's first
    // open, or a screen of 1024 px and more (ON_DEMAND in vite.config.ts keeps them out of `member`).
    const onDemand = [
      // (its words, composer.copy.ts, are also the outbox's: they may stay)
      /src[\\/]machines[\\/]composer[\\/]composer\.(machine|draft|connect|selectors)\.ts/,
      /src[\\/]effects[\\/]composer[\\/]/,
      /src[\\/]views[\\/]composer[\\/](ComposerHost|ComposerLogic|ComposerModal)\.tsx/,
      /src[\\/]machines[\\/](streams[\\/]post[\\/]author|moderation[\\/]report)\.machine\.ts/,
      /src[\\/]views[\\/]streams[\\/]post[\\/]AuthorMenuPopover\.tsx/,
      /src[\\/](machines[\\/]people[\\/]memberAside\.machine\.ts|views[\\/]layouts[\\/]MemberAside\.tsx)/,
      // What the chat, admin and people pages share (MEMBER_SHARED: memberShared, not member).
      /src[\\/](machines[\\/]shared[\\/]clientIds\.ts|views[\\/]chat[\\/]MessageLink\.tsx|views[\\/]people[\\/]memberHref\.ts)$/,
    ];
    expect(streams.some((id) => /src[\\/]views[\\/]composer[\\/]ComposerProvider\.tsx/.test(id))).toBe(true);
    expect(streams.filter((id) => onDemand.some((pattern) => pattern.test(id)))).toEqual([]);
  });

  it('the streams route loads the API clients of the areas its first paint calls, and no other (effects/shell/api.ts: clientOf)', () => {
    const { streams, signIn } = routeModules(built, readManifest(outDir));
    const client = (area: string) => new RegExp(`src[\\\\/]api[\\\\/]${area}[\\\\/](client|paths)\\.ts$`);
    // The posts (the list), the chat (the outbox sends messages, the badge counts them), the media
    // (the outbox's images) and the notifications (the badge).
    for (const area of ['posts', 'chat', 'media', 'notifications'])
      expect(
        streams.some((id) => client(area).test(id)),
        area,
      ).toBe(true);
    // Not the whole client, nor the areas a first page never calls: a card's menu brings the users'
    // and moderation clients with it (effects/streams/author.ts), Settings the account's.
    expect(streams.filter((id) => /src[\\/]api[\\/]client\.ts$/.test(id))).toEqual([]);
    for (const area of ['groups', 'users', 'moderation', 'search', 'account'])
      expect(
        streams.filter((id) => client(area).test(id)),
        area,
      ).toEqual([]);
    // The sign-in page's two-factor step is its own call, without the Settings' calls and paths.
    expect(signIn.some((id) => /src[\\/]api[\\/]account[\\/]twoFactorSignIn\.ts$/.test(id))).toBe(true);
    expect(signIn.filter((id) => /src[\\/]api[\\/]account[\\/](client|paths)\.ts$/.test(id))).toEqual([]);
  });

  it('the streams route loads the deletion notice only when a deletion is scheduled (MemberArea.tsx, from the session)', () => {
    const { streams } = routeModules(built, readManifest(outDir));
    const notice =
      /src[\\/](views[\\/]account[\\/]data[\\/]DeletionNotice\.tsx|machines[\\/]account[\\/]accountData\.machine\.ts|effects[\\/]account[\\/]accountData\.ts)$/;
    expect(builtModules(built).some((id) => notice.test(id))).toBe(true);
    expect(streams.filter((id) => notice.test(id))).toEqual([]);
  });

  it('the sign-in page (light entry, no stored session) loads none of the app shell: no app actor, API client with every domain, socket, outbox or routes', () => {
    const { signIn, streams } = routeModules(built, readManifest(outDir));
    const shell = [
      /src[\\/]appEntry\.tsx$/,
      /src[\\/]effects[\\/]shell[\\/](app|api|socket|notices|toasts|navigation|unreadBadge)\.ts$/,
      /src[\\/]machines[\\/]shell[\\/]app\.machine\.ts$/,
      /src[\\/]effects[\\/]offline[\\/]outbox\.ts$/,
      /src[\\/]api[\\/]posts[\\/]client\.ts$/,
      /src[\\/]views[\\/]AppRoutes\.tsx$/,
    ];
    // The light page's own entry and forms are there, and the streams load the shell.
    expect(signIn.some((id) => /src[\\/]signInEntry\.tsx$/.test(id))).toBe(true);
    expect(signIn.some((id) => /src[\\/]views[\\/]auth[\\/]forms[\\/]SignInForm\.tsx$/.test(id))).toBe(true);
    expect(shell.every((pattern) => streams.some((id) => pattern.test(id)))).toBe(true);
    expect(signIn.filter((id) => shell.some((pattern) => pattern.test(id)))).toEqual([]);
    // Nor do the streams load the light page's own code.
    expect(streams.filter((id) => /src[\\/](signInEntry\.tsx|effects[\\/]shell[\\/]signInPage\.ts)$/.test(id))).toEqual([]);
  });

  it('the first routes load react-aria’s own strings in en-US only (scripts/reactAriaLocales.ts)', () => {
    const { streams, signIn } = routeModules(built, readManifest(outDir));
    const strings = /react-aria[\\/].*[\\/]intl[\\/].*[\\/][a-z]{2}-[A-Z]{2}\.m?js$/;
    const loaded = [...new Set([...signIn, ...streams])].filter((id) => strings.test(id));
    // The '…' buttons' menu trigger brings its strings: there are some to check.
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter((id) => !/en-US\.m?js$/.test(id))).toEqual([]);
  });

  it('the first routes load react-aria’s focus walker apart from the dialogs’ focus scope (scripts/focusWalker.ts)', () => {
    const { streams, signIn } = routeModules(built, readManifest(outDir));
    const walker = /react-aria[\\/]dist[\\/]private[\\/]focus[\\/]FocusScope\.mjs\?walker$/;
    const scope = /react-aria[\\/]dist[\\/]private[\\/]focus[\\/]FocusScope\.mjs$/;
    // The tabs (sign-in) and the order's toggle buttons (streams) walk the DOM with the copy...
    expect(signIn.some((id) => walker.test(id))).toBe(true);
    expect(streams.some((id) => walker.test(id))).toBe(true);
    // ...and the focus trap, which only the dialogs draw, comes with them.
    expect([...signIn, ...streams].filter((id) => scope.test(id))).toEqual([]);
    expect(builtModules(built).some((id) => scope.test(id))).toBe(true);
  });

  it('tells debug modules from the others', () => {
    expect(DEBUG_MODULE.test('/repo/src/views/debug/DebugPanel.tsx')).toBe(true);
    expect(DEBUG_MODULE.test('/repo/src/views/debug/DebugPanelReport.tsx')).toBe(true);
    expect(DEBUG_MODULE.test('src/views/debug/Explorer.tsx')).toBe(true);
    // The shell's listener for ?debug=1 and Ctrl+Alt+J, which fetches the panel, is not the panel.
    expect(DEBUG_MODULE.test('/repo/src/views/shell/DebugPanelOnDemand.tsx')).toBe(false);
    expect(DEBUG_MODULE.test('/repo/src/effects/debug/debugShortcut.ts')).toBe(false);
    expect(DEBUG_MODULE.test('/repo/src/views/ui/IconButton.tsx')).toBe(false);
    expect(DEBUG_MODULE.test('/repo/src/effects/journal.ts')).toBe(false);
  });
});
