import type { MarkdownPlace } from '../../../api/posts/markdown';
import { FormattedText } from './FormattedText';

/** A Markdown box's Preview tab: the text as it will show, or a line saying there is nothing yet. */
export function FormatPreview({ label, text, place = 'other' }: { label: string; text: string; place?: MarkdownPlace }) {
  return (
    <section aria-label={label} className="min-h-16 rounded-xl border border-neutral-200 px-3 py-2 dark:border-neutral-800">
      {text.trim() ? (
        <FormattedText
          text={text}
          format="markdown"
          place={place}
          className="text-[15px] break-words text-neutral-900 dark:text-neutral-100"
        />
      ) : (
        <p className="text-neutral-600 dark:text-neutral-400">Nothing to preview yet.</p>
      )}
    </section>
  );
}
