/**
 * Code highlighting, loaded only when a code block is on screen: highlight.js's core and the one
 * language the block names, each its own chunk. The languages a study community writes most;
 * another name (or none) leaves the block as plain text, still kept as written.
 */
type LanguageModule = { default: import('highlight.js').LanguageFn };

const LANGUAGES: Record<string, () => Promise<LanguageModule>> = {
  bash: () => import('highlight.js/lib/languages/bash'),
  c: () => import('highlight.js/lib/languages/c'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  csharp: () => import('highlight.js/lib/languages/csharp'),
  css: () => import('highlight.js/lib/languages/css'),
  go: () => import('highlight.js/lib/languages/go'),
  haskell: () => import('highlight.js/lib/languages/haskell'),
  java: () => import('highlight.js/lib/languages/java'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  json: () => import('highlight.js/lib/languages/json'),
  kotlin: () => import('highlight.js/lib/languages/kotlin'),
  latex: () => import('highlight.js/lib/languages/latex'),
  matlab: () => import('highlight.js/lib/languages/matlab'),
  php: () => import('highlight.js/lib/languages/php'),
  python: () => import('highlight.js/lib/languages/python'),
  r: () => import('highlight.js/lib/languages/r'),
  ruby: () => import('highlight.js/lib/languages/ruby'),
  rust: () => import('highlight.js/lib/languages/rust'),
  scala: () => import('highlight.js/lib/languages/scala'),
  sql: () => import('highlight.js/lib/languages/sql'),
  swift: () => import('highlight.js/lib/languages/swift'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  xml: () => import('highlight.js/lib/languages/xml'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
};

const ALIASES: Record<string, string> = {
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  'c++': 'cpp',
  cs: 'csharp',
  'c#': 'csharp',
  golang: 'go',
  hs: 'haskell',
  js: 'javascript',
  jsx: 'javascript',
  kt: 'kotlin',
  tex: 'latex',
  py: 'python',
  python3: 'python',
  rb: 'ruby',
  rs: 'rust',
  ts: 'typescript',
  tsx: 'typescript',
  html: 'xml',
  svg: 'xml',
  yml: 'yaml',
};

/** The language a fence's info string names ("```py title" → 'python'), or null for one not loaded here. */
export function languageOf(info: string): string | null {
  const name = info.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  const language = ALIASES[name] ?? name;
  return Object.hasOwn(LANGUAGES, language) ? language : null;
}

/** highlight.js's escaped HTML for the code (its spans around the code's own escaped text). */
export async function highlightCode(code: string, language: string): Promise<string> {
  const [{ default: hljs }, grammar] = await Promise.all([import('highlight.js/lib/core'), LANGUAGES[language]!()]);
  if (!hljs.getLanguage(language)) hljs.registerLanguage(language, grammar.default);
  return hljs.highlight(code, { language, ignoreIllegals: true }).value;
}
