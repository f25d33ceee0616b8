import katex from 'katex';
import 'katex/dist/katex.min.css';

/**
 * KaTeX, in its own chunk with its stylesheet and fonts (served by us: the CSP's font-src 'self').
 * Untrusted input: no \href, \url, \includegraphics or HTML extensions (`trust: false`), sizes and
 * macro expansion bounded. Output is HTML for the eye and MathML for assistive technology.
 */
export type FormulaResult = { html: string } | { error: string };

export function renderFormula(tex: string, display: boolean): FormulaResult {
  try {
    return {
      html: katex.renderToString(tex, {
        displayMode: display,
        output: 'htmlAndMathml',
        throwOnError: true,
        trust: false,
        strict: 'ignore',
        maxSize: 20,
        maxExpand: 500,
      }),
    };
  } catch (error) {
    return { error: error instanceof katex.ParseError ? error.rawMessage : 'This formula could not be shown' };
  }
}
