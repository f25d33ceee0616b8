// The linter encodes the layers of docs/architecture (README "Layout"): machines are pure
// statecharts (no effects, views, React, network or DOM), views render snapshots (no network,
// no socket), the contract in src/api stands alone, and the server takes only the contract from
// src. A wrong import fails `npm run lint`, the first step of `npm test`.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const network = [
  { name: 'ofetch', message: 'Only src/effects (through the typed clients in src/api) calls the network.' },
  { name: 'socket.io-client', message: 'Only src/effects opens the socket.' },
];

const notServer = { group: ['**/server/**', '**/server'], message: 'The client never imports the server: share through src/api.' };

/** The browser's own objects: a machine reaches them only through an effect's actor. */
const domGlobals = [
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'navigator',
  'location',
  'fetch',
  'FileReader',
  'Image',
  'matchMedia',
].map((name) => ({ name, message: 'Machines do no I/O: let an effect (src/effects) provide this as an actor or action.' }));

export default tseslint.config(
  // What .gitignore ignores (built or generated), plus the frozen copy of the old tokenizer.
  {
    ignores: [
      'build/**',
      'dist/**',
      'data/**',
      '.vite/**',
      'coverage/**',
      'tests/e2e/artifacts/**',
      'node_modules/**',
      'docs/**',
      'public/**',
      'tests/fixtures/richTextBefore.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // The type checker already reports these (noUnusedLocals, noUnusedParameters).
      '@typescript-eslint/no-unused-vars': 'off',
      'no-undef': 'off',
      // Empty catch blocks are the house way of saying "best effort" (each has its comment).
      'no-empty': ['error', { allowEmptyCatch: true }],
      // A closure declared before the value it reads (a server's handler and the server) is fine.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // A migration is frozen: it types the database as it was then, which no current type describes.
    files: ['server/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Tests reach into fakes and raw answers; the assertions, not the types, check them.
    files: ['tests/**/*.{ts,tsx}', 'scripts/seed/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/views/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...network,
            { name: 'react', message: 'Machines know nothing of React: views read their snapshots.' },
            { name: 'react-dom', message: 'Machines know nothing of React.' },
            { name: '@xstate/react', message: 'Machines know nothing of React.' },
          ],
          patterns: [
            {
              group: ['**/effects', '**/effects/**'],
              message: 'Machines import no effects: declare the actor and let the effect provide it.',
            },
            { group: ['**/views', '**/views/**'], message: 'Machines import no views.' },
            notServer,
          ],
        },
      ],
      'no-restricted-globals': ['error', ...domGlobals],
    },
  },
  {
    files: ['src/views/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: network, patterns: [notServer] }],
    },
  },
  {
    files: ['src/effects/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/views', '**/views/**'], message: 'Effects wire machines to the world; views use effects, not the other way.' },
            notServer,
          ],
        },
      ],
    },
  },
  {
    // The service worker is its own program in its own global scope (src/worker/sw.ts): it takes the
    // contract (src/api) and Workbox, never the page's machines, effects, views or React.
    files: ['src/worker/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...network, { name: 'react', message: 'The service worker has no page to draw.' }],
          patterns: [
            notServer,
            {
              group: ['**/machines', '**/machines/**', '**/effects', '**/effects/**', '**/views', '**/views/**'],
              message: 'The service worker runs apart from the page: share names through src/api, talk by postMessage.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'localStorage', 'sessionStorage'].map((name) => ({
          name,
          message: 'A service worker has no window, document or web storage.',
        })),
      ],
    },
  },
  {
    files: ['src/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react', message: 'The contract is plain TypeScript.' }],
          patterns: [
            notServer,
            {
              group: ['**/machines', '**/machines/**', '**/effects', '**/effects/**', '**/views', '**/views/**'],
              message: 'The contract (src/api) stands alone: client layers import it, never the reverse.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src/**', '!**/src/api', '!**/src/api/**'], message: 'The server takes only the contract (src/api) from src.' },
            { group: ['react', 'react-dom', '@xstate/react', 'xstate'], message: 'The server runs no client code.' },
          ],
        },
      ],
    },
  },
);
