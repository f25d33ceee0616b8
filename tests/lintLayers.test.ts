/**
 * The linter holds the layers (eslint.config.js): each case is a file a newcomer might write in
 * the wrong layer, linted as if it lived there, and must be refused with the layer's own message;
 * the same import in a layer that may make it passes.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe('the layers, as the linter holds them', () => {
  it.each([
    [
      'src/machines/example.machine.ts',
      "import { chatLogic } from '../effects/chat';\nexport const x = chatLogic;",
      'Machines import no effects',
    ],
    ['src/machines/example.machine.ts', "import { useState } from 'react';\nexport const x = useState;", 'Machines know nothing of React'],
    ['src/machines/example.machine.ts', "import { ofetch } from 'ofetch';\nexport const x = ofetch;", 'calls the network'],
    ['src/machines/example.machine.ts', 'export const x = () => localStorage.getItem("a");', 'Machines do no I/O'],
    ['src/machines/example.machine.ts', "import { App } from '../views/AppRoutes';\nexport const x = App;", 'Machines import no views'],
    ['src/views/Example.tsx', "import { io } from 'socket.io-client';\nexport const x = io;", 'opens the socket'],
    ['src/views/Example.tsx', "import { config } from '../../server/config';\nexport const x = config;", 'never imports the server'],
    ['src/effects/example.ts', "import { AppRoutes } from '../views/AppRoutes';\nexport const x = AppRoutes;", 'views use effects'],
    ['src/api/example.ts', "import { session } from '../machines/session.machine';\nexport const x = session;", 'stands alone'],
    ['src/api/example.ts', "import { config } from '../../server/config';\nexport const x = config;", 'never imports the server'],
    ['src/worker/example.ts', "import { appLogic } from '../effects/shell/app';\nexport const x = appLogic;", 'runs apart from the page'],
    ['src/worker/example.ts', 'export const x = () => document.title;', 'no window, document'],
    [
      'server/modules/example.ts',
      "import { session } from '../../src/machines/session/session.machine';\nexport const x = session;",
      'only the contract',
    ],
  ])('%s: %s is refused', async (filePath, code, words) => {
    const found = await problems(filePath, code);
    expect(found.join('\n')).toContain(words);
  });

  it.each([
    ['src/effects/example.ts', "import { ofetch } from 'ofetch';\nexport const x = ofetch;"],
    ['src/views/Example.tsx', "import { useState } from 'react';\nexport const x = useState;"],
    ['src/machines/example.machine.ts', "import { paths } from '../api/paths';\nexport const x = paths;"],
    ['server/modules/example.ts', "import { paths } from '../../src/api/paths';\nexport const x = paths;"],
    [
      'src/worker/example.ts',
      "import { precacheAndRoute } from 'workbox-precaching';\nimport { API_BASE } from '../api/paths';\nexport const x = [precacheAndRoute, API_BASE];",
    ],
  ])('%s may import what its layer allows', async (filePath, code) => {
    expect(await problems(filePath, code)).toEqual([]);
  });
});
