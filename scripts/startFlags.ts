import { readFileSync } from 'node:fs';

/**
 * The node flags `npm start` gives the server (package.json's start script): whatever else starts
 * the built server (the benchmarks, the multi-process journeys) runs it as it is deployed.
 */
export function serverStartFlags(): string[] {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } };
  return manifest.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}
