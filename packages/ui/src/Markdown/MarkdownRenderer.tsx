import { createElement, type ReactNode } from 'react';
import ReactMarkdown, { type Components, type UrlTransform } from 'react-markdown';
import { ExternalLinkIcon } from '../icons/icons';
import { visuallyHidden } from '../theme/global.css';
import * as styles from './Markdown.css';
import {
  MARKDOWN_HEADING_LEVELS,
  OPENS_IN_NEW_TAB,
  isExternalLink,
  safeImageSrc,
  safeLinkHref,
  type MarkdownHeadingLevel,
} from './Markdown.utils';

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

export type MarkdownRendererProps = { children: string; headingLevel: MarkdownHeadingLevel };

/**
 * The markdown parser and its safety rules (see Markdown): a chunk of its own (react-markdown and its parser are
 * ~30 kB gzipped, REQ-perf-landing), loaded the first time some text needs it.
 */
export function MarkdownRenderer({ children, headingLevel }: MarkdownRendererProps) {
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

/** The renderer as a plain function, which is what Markdown keeps once the chunk has arrived. */
export const renderMarkdown = (children: string, headingLevel: MarkdownHeadingLevel) => (
  <MarkdownRenderer headingLevel={headingLevel}>{children}</MarkdownRenderer>
);
