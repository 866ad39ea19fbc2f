import { useEffect, useSyncExternalStore } from 'react';
import * as styles from './Markdown.css';
import { plainParagraphs, type MarkdownHeadingLevel } from './Markdown.utils';
import type { renderMarkdown } from './MarkdownRenderer';

export { MARKDOWN_HEADING_LEVELS, OPENS_IN_NEW_TAB, type MarkdownHeadingLevel } from './Markdown.utils';

export type MarkdownProps = {
  /** Markdown source (plain CommonMark; raw HTML is dropped). */
  children: string;
  /** The level a '#' heading becomes, so headings fit the page outline they sit in. */
  headingLevel?: MarkdownHeadingLevel;
};

/**
 * The parser (react-markdown, ~30 kB gzipped) is a chunk of its own, fetched the first time a text needs it
 * (REQ-perf-files: a screen's first paint does not wait for it). One download for the page; a failed one is
 * tried again by the next text that needs it.
 */
let renderer: typeof renderMarkdown | undefined;
let loading: Promise<typeof renderMarkdown> | undefined;
const listeners = new Set<() => void>();

export function loadMarkdownRenderer(): Promise<typeof renderMarkdown> {
  loading ??= import('./MarkdownRenderer').then(
    (module) => {
      renderer = module.renderMarkdown;
      listeners.forEach((notify) => notify());
      return module.renderMarkdown;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const subscribe = (notify: () => void) => {
  listeners.add(notify);
  return () => void listeners.delete(notify);
};
const loadedRenderer = () => renderer;

/** The text as it stands while the parser downloads: every word readable, nothing interpreted. */
export function MarkdownPending({ children }: { children: string }) {
  return (
    <div className={styles.root} aria-busy="true">
      <p className={styles.pending}>{children}</p>
    </div>
  );
}

/**
 * Renders markdown safely: no raw HTML, links only with the REQ-limit-link-protocols allowed protocols
 * (others become plain text), external links open in a new tab and say so, images only from this origin
 * (others show their alt text, so no request leaves the origin), and headings start at `headingLevel`
 * (default 3). Text without any markdown syntax (a greeting, a short reply) is rendered as the parser would,
 * without loading it.
 *
 * **When to use:** text written elsewhere that may contain formatting: the assistant's replies and knowledge
 * documents. Never for our own copy.
 *
 * **Accessibility:** headings start at `headingLevel` so they fit the page outline; links that open a new tab say
 * so; images from other origins show their alt text.
 */
export function Markdown({ children, headingLevel = 3 }: MarkdownProps) {
  const plain = plainParagraphs(children);
  const render = useSyncExternalStore(subscribe, loadedRenderer, loadedRenderer);
  const needsParser = plain === undefined && render === undefined;
  useEffect(() => {
    // A failed download keeps the text readable as it is; the next text that needs the parser tries again.
    if (needsParser) loadMarkdownRenderer().catch(() => undefined);
  }, [needsParser]);

  if (plain) {
    return (
      <div className={styles.root}>
        {plain.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    );
  }
  if (!render) return <MarkdownPending>{children}</MarkdownPending>;
  return render(children, headingLevel);
}
