import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * `npm install` on the Node version the README names prints no engine warning: every package in
 * the lockfile accepts the oldest Node that package.json's `engines` allows. Packages that moved to
 * Node 22 are pinned below that in `overrides` (package.json), with the same API.
 */
const root = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};

describe('engines', () => {
  it('every locked package runs on the oldest Node that package.json allows', () => {
    const oldest = semver.minVersion(root.engines.node)!.version;
    expect(semver.major(oldest)).toBe(20);
    const refusing = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && !Array.isArray(entry.engines) && entry.engines?.node)
      .filter(([, entry]) => !semver.satisfies(oldest, (entry.engines as { node: string }).node))
      .map(
        ([path, entry]) => `${path.replace(/^node_modules\//, '')}@${entry.version} wants node ${(entry.engines as { node: string }).node}`,
      );
    expect(refusing).toEqual([]);
  });
});
