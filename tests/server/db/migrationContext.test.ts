import fs from 'node:fs/promises';
import { expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database';
import { mediaRootOf, migrateToLatest } from '../../../server/db/migrate';
import { migrationContext } from '../../../server/db/migrationContext';
import { testConfig } from '../harness';

// Node 20 keeps an AsyncLocalStorage's promise hooks on until disable(); `enabled` says which.
const tracking = () => (migrationContext as unknown as { enabled: boolean }).enabled;

it('leaves no promise tracking on once the last migration run ends, runs at once in one process included', async () => {
  const configs = await Promise.all([testConfig('sqlite'), testConfig('sqlite')]);
  const handles = await Promise.all(configs.map((config) => openDatabase(config.database)));
  try {
    const runs = handles.map((handle, i) => migrateToLatest(handle, { mediaRoot: mediaRootOf(configs[i]!) }));
    // Both run at once: the context is there for them until the second ends.
    expect(tracking()).toBe(true);
    await runs[0];
    await runs[1];
    expect(tracking()).toBe(false);
    // A later run (a test's fresh database, a second app) turns it on again, and off after.
    const again = migrateToLatest(handles[0]!);
    expect(tracking()).toBe(true);
    await again;
    expect(tracking()).toBe(false);
  } finally {
    await Promise.all(handles.map((handle) => handle.destroy()));
    await Promise.all(configs.map((config) => fs.rm(config.dataDir, { recursive: true, force: true })));
  }
});
