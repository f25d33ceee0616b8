import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { Check, Copy } from 'lucide-react';
import { useActorRef, useSelector } from '@xstate/react';
import { copyButtonLogic } from '../../../effects/shell/clipboard';
import { highlightCode, languageOf } from './highlight';
import './code.css';

function CopyButton({ code }: { code: string }) {
  const actor = useActorRef(copyButtonLogic);
  const state = useSelector(actor, (snapshot) => (snapshot.matches('copied') ? 'copied' : snapshot.matches('failed') ? 'failed' : 'idle'));
  return (
    <Button
      onPress={() => actor.send({ type: 'copy.press', text: code })}
      className="inline-flex cursor-pointer items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-neutral-700 outline-none data-[hovered]:bg-neutral-200 dark:text-neutral-200 dark:data-[hovered]:bg-neutral-700"
    >
      {state === 'copied' ? <Check aria-hidden="true" size={14} /> : <Copy aria-hidden="true" size={14} />}
      <span aria-live="polite">{state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}</span>
    </Button>
  );
}

/**
 * A fenced code block: kept exactly as written (whitespace included), scrolling sideways when
 * wider than the card, with a Copy button. Highlighting for the named language loads only once the
 * block is on screen (an IntersectionObserver), so a page of code costs nothing until it is read.
 */
export function CodeBlock({ code, info }: { code: string; info: string }) {
  const language = languageOf(info);
  const pre = useRef<HTMLPreElement>(null);
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    setHtml(null);
    if (!language) return;
    let live = true;
    const run = () =>
      highlightCode(code, language).then(
        (value) => live && setHtml(value),
        () => undefined, // no highlighting: the code stays plain
      );
    const element = pre.current;
    if (typeof IntersectionObserver === 'undefined' || !element) {
      void run();
      return () => {
        live = false;
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void run();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [code, language]);

  const name = info.trim().split(/\s+/)[0] ?? '';
  return (
    <div className="code-block my-2 overflow-hidden rounded-xl border border-neutral-200 bg-neutral-50 dark:border-neutral-700 dark:bg-neutral-900">
      <div className="flex items-center justify-between gap-2 border-b border-neutral-200 py-0.5 pr-1 pl-3 dark:border-neutral-700">
        <span className="truncate text-xs text-neutral-700 dark:text-neutral-300">{name || 'Code'}</span>
        <CopyButton code={code} />
      </div>
      <pre
        ref={pre}
        tabIndex={0}
        className="overflow-x-auto px-3 py-2 font-mono text-[13px] leading-relaxed whitespace-pre text-neutral-900 dark:text-neutral-100"
      >
        {html !== null ? (
          // highlight.js's output: the code's own text, escaped by it, inside its spans.
          <code className="hljs" data-highlighted={language ?? ''} dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <code>{code}</code>
        )}
      </pre>
    </div>
  );
}
