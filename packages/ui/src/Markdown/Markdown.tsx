import { createElement, type ReactNode } from 'react';
import ReactMarkdown, { type Components, type UrlTransform } from 'react-markdown';
import { ExternalLinkIcon } from '../icons/icons';
import { visuallyHidden } from '../theme/global.css';
import * as styles from './Markdown.css';
import { isExternalLink, safeImageSrc, safeLinkHref } from './Markdown.utils';

export const MARKDOWN_HEADING_LEVELS = [1, 2, 3, 4, 5, 6] as const;
export type MarkdownHeadingLevel = (typeof MARKDOWN_HEADING_LEVELS)[number];

/** Told to screen reader users on every link that opens a new tab. */
export const OPENS_IN_NEW_TAB = '(opens in a new tab)';

export type MarkdownProps = {
  /** Markdown source (plain CommonMark; raw HTML is dropped). */
  children: string;
  /** The level a '#' heading becomes, so headings fit the page outline they sit in. */
  headingLevel?: MarkdownHeadingLevel;
};

/** href goes through the link rule; every other URL attribute (src, ...) through the image rule. */
const urlTransform: UrlTransform = (url, key) => (key === 'href' ? safeLinkHref(url) : safeImageSrc(url));

const currentOrigin = () => (typeof window === 'undefined' ? undefined : window.location.origin);

function Link({ href, title, children }: { href?: string; title?: string; children?: ReactNode }) {
  // The URL rule removed the target: keep the words, drop the link.
  if (!href) return <>{children}</>;
  if (!isExternalLink(href, currentOrigin())) {
    return (
      <a href={href} title={title}>
        {children}
      </a>
    );
  }
  return (
    <a href={href} title={title} target="_blank" rel="noopener noreferrer">
      {children}
      <span className={styles.externalIcon}>
        <ExternalLinkIcon size="small" />
      </span>
      <span className={visuallyHidden}> {OPENS_IN_NEW_TAB}</span>
    </a>
  );
}

function Image({ src, alt, title }: { src?: string | Blob; alt?: string; title?: string }) {
  if (typeof src === 'string' && src) return <img src={src} alt={alt ?? ''} title={title} loading="lazy" />;
  return alt ? <span className={styles.blockedImage}>[{alt}]</span> : null;
}

function headingComponents(base: MarkdownHeadingLevel): Components {
  const heading = (level: number) =>
    function ShiftedHeading({ children }: { children?: ReactNode }) {
      return createElement(`h${Math.min(6, base + level - 1)}`, null, children);
    };
  return { h1: heading(1), h2: heading(2), h3: heading(3), h4: heading(4), h5: heading(5), h6: heading(6) };
}

const HEADINGS = new Map(MARKDOWN_HEADING_LEVELS.map((level) => [level, headingComponents(level)]));

/**
 * Renders markdown safely: no raw HTML, links only with the §9 allowed protocols (others become plain text),
 * external links open in a new tab and say so, images only from this origin (others show their alt text, so no
 * request leaves the origin), and headings start at `headingLevel` (default 3).
 */
export function Markdown({ children, headingLevel = 3 }: MarkdownProps) {
  return (
    <div className={styles.root}>
      <ReactMarkdown
        skipHtml
        urlTransform={urlTransform}
        components={{ ...HEADINGS.get(headingLevel), a: Link, img: Image }}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
