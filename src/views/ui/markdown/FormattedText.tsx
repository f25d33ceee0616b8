import { lazy, Suspense } from 'react';
import type { MarkdownPlace } from '../../../api/posts/markdown';
import type { TextFormat } from '../../../api/posts';
import { RichText } from '../RichText';

const Markdown = lazy(() => import('./Markdown'));

export interface FormattedTextProps {
  text: string;
  format: TextFormat;
  /** Headings are an answer's only. */
  place?: MarkdownPlace;
  /** Size, colour, spacing and wrapping of the text (the same for both formats). */
  className: string;
}

/**
 * What a member wrote, in the format stored with it. Plain text renders exactly as it always did
 * (a paragraph keeping its line breaks, hashtags, mentions and links). Markdown loads its renderer
 * lazily (markdown-it joins no route's first script); until it arrives, the text shows as written.
 */
export function FormattedText({ text, format, place = 'other', className }: FormattedTextProps) {
  const plain = (
    <p className={`${className} whitespace-pre-wrap`}>
      <RichText text={text} />
    </p>
  );
  if (format !== 'markdown') return plain;
  return (
    <Suspense fallback={plain}>
      <Markdown text={text} place={place} className={className} fallback={plain} />
    </Suspense>
  );
}
