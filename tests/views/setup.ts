// jsdom lacks CSS.escape; react-aria's tabs, menus, modals and popovers call it.
if (typeof globalThis.CSS?.escape !== 'function') {
  (globalThis as { CSS?: unknown }).CSS = {
    ...(globalThis.CSS ?? {}),
    escape: (value: string) => String(value).replace(/[^a-zA-Z0-9_-]/g, (ch) => `\\${ch}`),
  };
}
