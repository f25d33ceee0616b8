import { isSecretKey, journal, redactString, type JournalEntry, type JournalExport } from './journal';

// A journal as a file: parsed from one (the explorer, a problem report), saved as one (the debug
// panel's Export, "Report a problem"), redacted on the way out.

/** Parses an exported journal (a file the debug panel downloaded, or a problem report): version 1 or 2. */
export function parseJournal(text: string): JournalExport {
  const data = JSON.parse(text) as Partial<JournalExport>;
  if (data.format !== 'stoa-journal' || (data.version !== 1 && data.version !== 2) || !Array.isArray(data.entries)) {
    throw new Error('Not a Stoa event journal (format stoa-journal, version 1 or 2)');
  }
  return data as JournalExport;
}

/**
 * The same rules over a whole export, as it goes into a file (any depth: a file is plain JSON):
 * whatever was recorded before, or added after (the report's environment), leaves the page redacted.
 */
export function redactExport(data: JournalExport): JournalExport {
  const walk = (value: unknown, secret: boolean, byKey = true): unknown => {
    if (typeof value === 'string') return redactString(value, secret);
    if (Array.isArray(value)) return value.map((item) => walk(item, secret, byKey));
    if (value === null || typeof value !== 'object') return value;
    const named = (value as { field?: unknown; name?: unknown }).field ?? (value as { name?: unknown }).name;
    const secretValue = byKey && typeof named === 'string' && isSecretKey(named);
    const secretKey = (key: string) => byKey && (isSecretKey(key) || (secretValue && key === 'value'));
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item, secret || secretKey(key), byKey)]));
  };
  // An entry's state is state names (recordedState): only secret-shaped values are looked for there.
  const entries = data.entries.map(({ state, ...entry }) => ({
    ...(walk(entry, false) as object),
    ...(state ? { state: walk(state, false, false) } : {}),
  }));
  return { ...(walk({ ...data, entries: [] }, false) as JournalExport), entries: entries as JournalEntry[] };
}

/** Downloads the journal as a JSON file (the debug panel's Export button; "Report a problem" names its own file). */
export function downloadJournal(
  data: JournalExport = journal.export(),
  fileName = `stoa-journal-${data.exportedAt.replace(/[:.]/g, '-')}.json`,
) {
  const blob = new Blob([JSON.stringify(redactExport(data), null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
