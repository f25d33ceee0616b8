import { createHash } from 'node:crypto';
import fs from 'node:fs';

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * CSP hashes of the inline scripts in the built index.html (the theme is applied before first
 * paint by one). Allowing exactly these keeps `script-src` free of 'unsafe-inline'.
 */
export function inlineScriptHashes(indexFile: string): string[] {
  let html: string;
  try {
    html = fs.readFileSync(indexFile, 'utf8');
  } catch {
    return [];
  }
  return [...html.matchAll(INLINE_SCRIPT)]
    .map((match) => match[1] ?? '')
    .filter((code) => code.trim() !== '')
    .map((code) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
}
