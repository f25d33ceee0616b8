import { useEffect, useState } from 'react';
import { FORMULA_MAX } from '../../../api/posts/markdown';
import type { FormulaResult } from './katex';

/**
 * A formula: `$...$` in the line or `$$...$$` on its own. KaTeX loads (once, in its own chunk) when
 * the first formula renders; until then, and whenever the formula does not parse, the text shows
 * as written, the latter with a clear error beside it. KaTeX's output holds the MathML that screen
 * readers read. Its HTML is KaTeX's own (the formula's text escaped by KaTeX, `trust: false`).
 */
export function Formula({ tex, display }: { tex: string; display: boolean }) {
  const [result, setResult] = useState<FormulaResult | null>(null);
  useEffect(() => {
    if (tex.length > FORMULA_MAX) {
      setResult({ error: `too long to show (over ${FORMULA_MAX.toLocaleString('en')} characters)` });
      return;
    }
    let live = true;
    import('./katex').then(
      (katex) => live && setResult(katex.renderFormula(tex, display)),
      () => live && setResult({ error: 'The formula renderer could not load' }),
    );
    return () => {
      live = false;
    };
  }, [tex, display]);

  const written = display ? `$$${tex}$$` : `$${tex}$`;
  if (result && 'html' in result)
    return display ? (
      // A wide formula scrolls sideways on its own, reachable by keyboard.
      <span
        tabIndex={0}
        className="formula my-2 block overflow-x-auto overflow-y-hidden py-1"
        data-formula="display"
        dangerouslySetInnerHTML={{ __html: result.html }}
      />
    ) : (
      <span className="formula" data-formula="inline" dangerouslySetInnerHTML={{ __html: result.html }} />
    );
  if (result)
    return (
      <span
        data-formula="error"
        className={`${display ? 'my-2 block' : ''} rounded-md border border-red-700/60 bg-red-50 px-1 dark:border-red-400/60 dark:bg-red-950/40`}
      >
        <code className="font-mono text-[0.9em] break-all whitespace-pre-wrap">{written}</code>{' '}
        <span className="text-sm font-medium text-red-800 dark:text-red-300">Formula error: {result.error}</span>
      </span>
    );
  return (
    <code data-formula="loading" className={`${display ? 'my-2 block' : ''} font-mono text-[0.9em] break-all whitespace-pre-wrap`}>
      {written}
    </code>
  );
}
