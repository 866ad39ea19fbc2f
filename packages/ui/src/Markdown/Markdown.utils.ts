import { ALLOWED_LINK_PROTOCOLS } from '@sentinel/domain';

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

/**
 * §9 Allowed link protocols in rendered markdown: http, https, irc, ircs, mailto, xmpp. A link keeps its target
 * only if it uses one of them (in any letter case) or is a relative reference that stays on this origin;
 * anything else (javascript:, data:, vbscript:, //other.host) returns undefined and is rendered as plain text.
 */
export function safeLinkHref(raw: string): string | undefined {
  const value = normalize(raw);
  if (value === undefined) return undefined;
  const absolute = parseAbsolute(value);
  if (absolute) return ALLOWED.has(absolute.protocol) ? value : undefined;
  return staysOnOrigin(value) ? value : undefined;
}

/**
 * Images never load from elsewhere (no request may leave the origin from a document a user is reading): only a
 * same-origin path starting with a single '/' is kept; anything else returns undefined and the alt text is shown.
 */
export function safeImageSrc(raw: string): string | undefined {
  const value = normalize(raw);
  if (value === undefined || !value.startsWith('/') || parseAbsolute(value)) return undefined;
  return staysOnOrigin(value) ? value : undefined;
}

/** A web link to another site, which opens in a new tab. */
export function isExternalLink(href: string, currentOrigin: string | undefined): boolean {
  const absolute = parseAbsolute(href);
  if (!absolute || (absolute.protocol !== 'http:' && absolute.protocol !== 'https:')) return false;
  return absolute.origin !== currentOrigin;
}
