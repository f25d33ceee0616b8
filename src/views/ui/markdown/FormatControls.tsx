import type { TextFormat } from '../../../api/posts';
import { Checkbox } from '../Checkbox';

const tab =
  'rounded-lg px-3 py-1 text-sm font-medium outline-none focus-visible:outline-2 focus-visible:outline-accent ' +
  'aria-pressed:bg-neutral-900 aria-pressed:text-white dark:aria-pressed:bg-white dark:aria-pressed:text-neutral-900 ' +
  'text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800 disabled:opacity-60';

export interface FormatControlsProps {
  format: TextFormat;
  previewing: boolean;
  onFormat: (format: TextFormat) => void;
  onPreview: (show: boolean) => void;
  isDisabled?: boolean;
  /** Answers may have headings. */
  headings?: boolean;
}

/**
 * The Markdown option of a composer, answer or comment box: a checkbox, then (when on) Write and
 * Preview tabs and a short formatting help. What shows and what may be pressed comes from the
 * box's machine (its `format` and its writing/previewing states); this only sends the events.
 */
export function FormatControls({ format, previewing, onFormat, onPreview, isDisabled = false, headings = false }: FormatControlsProps) {
  const markdown = format === 'markdown';
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Checkbox isSelected={markdown} isDisabled={isDisabled} onChange={(on) => onFormat(on ? 'markdown' : 'plain')}>
          Markdown
        </Checkbox>
        {markdown ? (
          <div role="group" aria-label="Write or preview" className="flex gap-1">
            <button type="button" className={tab} aria-pressed={!previewing} disabled={isDisabled} onClick={() => onPreview(false)}>
              Write
            </button>
            <button type="button" className={tab} aria-pressed={previewing} disabled={isDisabled} onClick={() => onPreview(true)}>
              Preview
            </button>
          </div>
        ) : null}
      </div>
      {markdown ? (
        <details className="text-sm text-neutral-700 dark:text-neutral-300">
          <summary className="cursor-pointer rounded font-medium outline-none focus-visible:outline-2 focus-visible:outline-accent">
            Formatting help
          </summary>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            <li>
              <code>*italic*</code>, <code>**bold**</code>, <code>`code`</code>, <code>[link](https://…)</code>
            </li>
            <li>
              Lists start lines with <code>-</code> or <code>1.</code>; quotes with <code>&gt;</code>
              {headings ? (
                <>
                  ; headings with <code>#</code>
                </>
              ) : null}
            </li>
            <li>
              Code: a line <code>```python</code>, the code, then <code>```</code>
            </li>
            <li>
              Maths: <code>$x^2$</code> in a line, <code>$$\int_0^1 x\,dx$$</code> on its own
            </li>
          </ul>
        </details>
      ) : null}
    </div>
  );
}
