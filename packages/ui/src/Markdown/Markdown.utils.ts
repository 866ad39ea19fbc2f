import { ALLOWED_LINK_PROTOCOLS } from '@sentinel/domain';

export const MARKDOWN_HEADING_LEVELS = [1, 2, 3, 4, 5, 6] as const;
export type MarkdownHeadingLevel = (typeof MARKDOWN_HEADING_LEVELS)[number];

/** Told to screen reader users on every link that opens a new tab. */
export const OPENS_IN_NEW_TAB = '(opens in a new tab)';

/** A base no real page has, to tell relative references (same origin) from ones that leave it (//host, /\host). */
const PROBE_BASE = 'https://same-origin.invalid/';
const PROBE_ORIGIN = new URL(PROBE_BASE).origin;

const ALLOWED: ReadonlySet<string> = new Set(ALLOWED_LINK_PROTOCOLS.map((protocol) => `${protocol}:`));

/* eslint-disable no-control-regex -- these patterns exist to find control characters */
const TAB_OR_NEWLINE = /[\t\n\r]/g;
const EDGE_SPACE_OR_CONTROL = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const CONTROL = /[\u0000-\u001f\u007f]/;
/* eslint-enable no-control-regex */

/**
 * Reads a URL the way a browser does before it decides anything: tabs and line breaks anywhere are dropped,
 * leading and trailing spaces and control characters are trimmed. Other control characters make it unusable.
 */
function normalize(raw: string): string | undefined {
  const value = raw.replace(TAB_OR_NEWLINE, '').replace(EDGE_SPACE_OR_CONTROL, '');
  if (value === '' || CONTROL.test(value)) return undefined;
  return value;
}

function parseAbsolute(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

function staysOnOrigin(value: string): boolean {
  try {
    return new URL(value, PROBE_BASE).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/** A target that is safe as written: an allowed protocol, or a relative reference that stays on this origin. */
function isSafeTarget(value: string): boolean {
  const absolute = parseAbsolute(value);
  if (absolute) return ALLOWED.has(absolute.protocol);
  // A relative reference cannot have a ':' in its first segment (RFC 3986 4.2); one that does is a scheme in
  // disguise ('\uFFFDjavascript:...'), not a path anyone meant.
  return !/^[^/?#]*:/.test(value) && staysOnOrigin(value);
}

/**
 * REQ-limit-link-protocols Allowed link protocols in rendered markdown: http, https, irc, ircs, mailto, xmpp. A link keeps its target
 * only if it uses one of them (in any letter case) or is a relative reference that stays on this origin;
 * anything else (javascript:, data:, vbscript:, //other.host) returns undefined and is rendered as plain text.
 * The percent-decoded target must pass too: the markdown parser encodes what a URL cannot hold (a tab in
 * 'java\tscript:' becomes %09), and a target that is harmless only while encoded is no link to offer.
 */
export function safeLinkHref(raw: string): string | undefined {
  const value = normalize(raw);
  if (value === undefined || !isSafeTarget(value)) return undefined;
  const plain = decoded(value);
  const plainValue = plain === undefined ? undefined : normalize(plain);
  return plainValue !== undefined && isSafeTarget(plainValue) ? value : undefined;
}

function decoded(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/**
 * Images never load from elsewhere (no request may leave the origin from a document a user is reading): only a
 * same-origin path starting with a single '/' is kept; anything else returns undefined and the alt text is shown.
 * A path that only looks local once decoded is refused too ('/%5Chost', '/%2F%2Fhost'): a server or proxy that
 * decodes it before routing could still send the request on.
 */
export function safeImageSrc(raw: string): string | undefined {
  const value = normalize(raw);
  if (value === undefined || !value.startsWith('/') || parseAbsolute(value)) return undefined;
  const plain = decoded(value);
  if (plain === undefined || plain.includes('\\') || /^\/[/\\]/.test(plain)) return undefined;
  return staysOnOrigin(value) ? value : undefined;
}

/** A web link to another site, which opens in a new tab. */
export function isExternalLink(href: string, currentOrigin: string | undefined): boolean {
  const absolute = parseAbsolute(href);
  if (!absolute || (absolute.protocol !== 'http:' && absolute.protocol !== 'https:')) return false;
  return absolute.origin !== currentOrigin;
}

/* eslint-disable no-control-regex -- NUL is replaced by the parser, so text holding one is not plain */
/** Characters that start markdown syntax (or an entity, escape or HTML) wherever they stand, and odd whitespace. */
const INLINE_SYNTAX = /[\\`*_[\]<>#&~|\t\r\f\v\u0000]/;
/* eslint-enable no-control-regex */
/** What means something at the start of a line: indentation, list, quote or rule markers, setext underlines. */
const LINE_START_SYNTAX = /^(?: |-|\+|=|\d{1,9}[.)])/m;
/** Two spaces before a line break make a hard break; one at the end is trimmed. Either way, not plain. */
const TRAILING_SPACE = / $/m;

/**
 * The paragraphs of a text that holds no markdown syntax at all (most greetings and short replies), exactly as
 * the parser would render them: blank lines separate paragraphs, single line breaks stay inside one. Undefined as
 * soon as any character could mean markup, so only text the parser would leave as it is takes this path.
 */
export function plainParagraphs(source: string): string[] | undefined {
  if (INLINE_SYNTAX.test(source) || LINE_START_SYNTAX.test(source) || TRAILING_SPACE.test(source)) {
    return undefined;
  }
  return source
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.replace(/^\n+|\n+$/g, ''))
    .filter((paragraph) => paragraph !== '');
}
