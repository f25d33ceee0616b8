import { useMemo, type MouseEvent } from 'react';
import { Link } from 'wouter';
import { tokenize } from '../../api/posts/richText';
import { searchHref } from '../../machines/shell/routes';

/** A member's profile by name; the profile page finds the member from it. */
export const profileHrefOf = (username: string) => `/app/social/profile/${encodeURIComponent(username)}`;
/** The posts found for a tag, as the search page's address. */
export const hashtagHrefOf = (tag: string) => searchHref(`#${tag}`, 'posts');

export const RICH_TEXT_TONES = {
  // accent-ink reads at AA on the card, the page and the grey chat bubble in both themes; the
  // underline tells links apart without relying on colour alone.
  accent:
    'rounded-sm font-medium text-accent-ink underline decoration-accent-ink/40 underline-offset-2 hover:decoration-accent-ink ' +
    'dark:text-accent-ink-dark dark:decoration-accent-ink-dark/50 dark:hover:decoration-accent-ink-dark',
  // On a coloured surface (a post background, the member's own chat bubble) the surface already
  // chose black or white ink: links keep it, and so does their focus ring.
  inherit:
    'rounded-sm font-semibold underline decoration-current/60 underline-offset-2 hover:decoration-current [--focus-ring-color:currentColor]',
} as const;

export type RichTextTone = keyof typeof RICH_TEXT_TONES;

/** A click on one of the text's links is the link's alone: a card or row around the text must not act on it too. */
export function keepLinkClicks(event: MouseEvent<HTMLElement>) {
  if (event.target instanceof Element && event.target.closest('a')) event.stopPropagation();
}

/**
 * What a member wrote, with #hashtags linking to their search, @mentions to the profile and web
 * addresses to themselves (a new tab, shortened). Everything else stays plain text: React escapes
 * it, so markup in a post is shown, never run. Line breaks and spaces are kept by the parent's
 * `whitespace-pre-wrap`, as before.
 */
export function RichText({ text, tone = 'accent' }: { text: string; tone?: RichTextTone }) {
  const tokens = useMemo(() => tokenize(text), [text]);
  const className = RICH_TEXT_TONES[tone];
  return (
    <span onClick={keepLinkClicks}>
      {tokens.map((token, index) => {
        switch (token.kind) {
          case 'text':
            return token.text;
          case 'hashtag':
            return (
              <Link key={index} href={`~${hashtagHrefOf(token.tag)}`} className={className}>
                {token.text}
              </Link>
            );
          case 'mention':
            return (
              <Link key={index} href={`~${profileHrefOf(token.username)}`} className={className}>
                {token.text}
              </Link>
            );
          case 'url':
            return (
              <a key={index} href={token.href} target="_blank" rel="noopener nofollow ugc" title={token.href} className={className}>
                {token.display}
              </a>
            );
        }
      })}
    </span>
  );
}
