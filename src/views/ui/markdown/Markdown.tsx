import { Fragment, useMemo, type ReactNode } from 'react';
import { parseMarkdown, type MarkdownPlace, type MarkdownToken } from '../../../api/posts/markdown';
import { keepLinkClicks, RichText, RICH_TEXT_TONES } from '../RichText';
import { CodeBlock } from './CodeBlock';
import { Formula } from './Formula';

/**
 * A Markdown text as React elements (this file is its own chunk: markdown-it loads with the first
 * Markdown item shown). The tokens of src/api/posts/markdown.ts become elements one by one: no HTML
 * string is ever built from a member's text, and a token of a kind not in the set shows its text.
 * Text runs go through RichText, so hashtags, mentions and web addresses link as in plain text.
 */

const SAFE_HREF = /^(https?:\/\/|mailto:)/i;
const HEADINGS = ['h3', 'h4', 'h5', 'h6', 'h6', 'h6'] as const;

function inline(tokens: MarkdownToken[]): ReactNode[] {
  const stack: { token: MarkdownToken | null; children: ReactNode[] }[] = [{ token: null, children: [] }];
  const inLink = () => stack.some((frame) => frame.token?.type === 'link_open');
  tokens.forEach((token, key) => {
    const children = stack[stack.length - 1]!.children;
    if (token.nesting === 1) {
      stack.push({ token, children: [] });
      return;
    }
    if (token.nesting === -1) {
      const frame = stack.length > 1 ? stack.pop()! : { token: null, children: [] };
      stack[stack.length - 1]!.children.push(inlineElement(frame.token, frame.children, key));
      return;
    }
    switch (token.type) {
      case 'text':
        children.push(inLink() ? token.content : <RichText key={key} text={token.content} />);
        break;
      case 'softbreak':
      case 'hardbreak':
        children.push(<br key={key} />);
        break;
      case 'code_inline':
        children.push(
          <code key={key} className="rounded bg-neutral-100 px-1 py-0.5 font-mono text-[0.9em] dark:bg-neutral-800">
            {token.content}
          </code>,
        );
        break;
      case 'math_inline':
        children.push(<Formula key={key} tex={token.content} display={token.markup === '$$'} />);
        break;
      default:
        children.push(token.content);
    }
  });
  // Unclosed frames (never from markdown-it, but never lost): their children join the line.
  while (stack.length > 1) {
    const frame = stack.pop()!;
    stack[stack.length - 1]!.children.push(...frame.children);
  }
  return stack[0]!.children;
}

function inlineElement(open: MarkdownToken | null, children: ReactNode[], key: number): ReactNode {
  switch (open?.type) {
    case 'em_open':
      return <em key={key}>{children}</em>;
    case 'strong_open':
      return <strong key={key}>{children}</strong>;
    case 'link_open': {
      const href = String(open.attrGet('href') ?? '');
      if (!SAFE_HREF.test(href)) return <Fragment key={key}>{children}</Fragment>;
      return (
        <a key={key} href={href} target="_blank" rel="noopener nofollow ugc" title={href} className={RICH_TEXT_TONES.accent}>
          {children}
        </a>
      );
    }
    default:
      return <Fragment key={key}>{children}</Fragment>;
  }
}

function blockElement(open: MarkdownToken, children: ReactNode[], key: number): ReactNode {
  switch (open.type) {
    case 'paragraph_open':
      // In a tight list a paragraph is only its text.
      return open.hidden ? <Fragment key={key}>{children}</Fragment> : <p key={key}>{children}</p>;
    case 'heading_open': {
      // A heading inside an answer sits below the page's own headings.
      const Tag = HEADINGS[Number(open.tag.slice(1)) - 1] ?? 'h6';
      return (
        <Tag key={key} className="font-semibold">
          {children}
        </Tag>
      );
    }
    case 'bullet_list_open':
      return (
        <ul key={key} className="list-disc pl-6">
          {children}
        </ul>
      );
    case 'ordered_list_open': {
      const start = Number(open.attrGet('start') ?? 1);
      return (
        <ol key={key} start={Number.isSafeInteger(start) ? start : 1} className="list-decimal pl-6">
          {children}
        </ol>
      );
    }
    case 'list_item_open':
      return <li key={key}>{children}</li>;
    case 'blockquote_open':
      return (
        <blockquote key={key} className="border-l-4 border-neutral-300 pl-3 text-neutral-700 dark:border-neutral-600 dark:text-neutral-300">
          {children}
        </blockquote>
      );
    default:
      return <Fragment key={key}>{children}</Fragment>;
  }
}

function blocks(tokens: MarkdownToken[]): ReactNode[] {
  const stack: { token: MarkdownToken | null; children: ReactNode[] }[] = [{ token: null, children: [] }];
  tokens.forEach((token, key) => {
    const children = stack[stack.length - 1]!.children;
    if (token.nesting === 1) {
      stack.push({ token, children: [] });
      return;
    }
    if (token.nesting === -1) {
      const frame = stack.length > 1 ? stack.pop()! : null;
      if (frame?.token) stack[stack.length - 1]!.children.push(blockElement(frame.token, frame.children, key));
      return;
    }
    switch (token.type) {
      case 'inline':
        children.push(<Fragment key={key}>{inline(token.children ?? [])}</Fragment>);
        break;
      case 'fence':
        children.push(<CodeBlock key={key} code={token.content.replace(/\n$/, '')} info={token.info} />);
        break;
      case 'math_block':
        children.push(
          <div key={key}>
            <Formula tex={token.content} display />
          </div>,
        );
        break;
      default:
        if (token.content) children.push(<p key={key}>{token.content}</p>);
    }
  });
  while (stack.length > 1) {
    const frame = stack.pop()!;
    stack[stack.length - 1]!.children.push(...frame.children);
  }
  return stack[0]!.children;
}

export interface MarkdownProps {
  text: string;
  place: MarkdownPlace;
  /** The text's size and colours, as the plain text around it has them. */
  className: string;
  /** What shows for a text nested past the limit: the text as written. */
  fallback: ReactNode;
}

export default function Markdown({ text, place, className, fallback }: MarkdownProps) {
  // Parsed once per text: a card drawn again (a reaction, a count) does not parse it again.
  const tokens = useMemo(() => parseMarkdown(text, place), [text, place]);
  if (!tokens)
    return (
      <div data-format="markdown" data-as-written="">
        {fallback}
      </div>
    );
  return (
    <div
      onClick={keepLinkClicks}
      data-format="markdown"
      className={`markdown space-y-2 [&_blockquote]:space-y-2 [&_li]:my-0.5 [&_li>p]:my-1 [&_ol]:space-y-0 ${className}`}
    >
      {blocks(tokens)}
    </div>
  );
}
