import { ALLOWED_LINK_PROTOCOLS } from '@sentinel/domain';
import { describe, expect, it } from 'vitest';
import { isExternalLink, plainParagraphs, safeImageSrc, safeLinkHref } from './Markdown.utils';

describe('safeLinkHref (REQ-limit-link-protocols: http, https, irc, ircs, mailto, xmpp)', () => {
  const allowed: Record<(typeof ALLOWED_LINK_PROTOCOLS)[number], string> = {
    http: 'http://example.org/a',
    https: 'https://example.org/a?b=1#c',
    irc: 'irc://irc.example.org/health',
    ircs: 'ircs://irc.example.org/health',
    mailto: 'mailto:care@example.org',
    xmpp: 'xmpp:care@example.org',
  };

  it.each(ALLOWED_LINK_PROTOCOLS.map((protocol) => [protocol, allowed[protocol]]))(
    'keeps a %s link',
    (_, url) => {
      expect(safeLinkHref(url)).toBe(url);
    },
  );

  it('accepts an allowed protocol in any letter case', () => {
    expect(safeLinkHref('HTTPS://example.org')).toBe('HTTPS://example.org');
  });

  it.each(['/knowledge/metformin', '#dosage', '?q=metformin', 'sibling.md', './x', '../up'])(
    'keeps a relative reference that stays on this origin: %s',
    (url) => {
      expect(safeLinkHref(url)).toBe(url);
    },
  );

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.org',
    'blob:https://example.org/uuid',
    '//evil.example/path',
    '/\\evil.example/path',
    '\\\\evil.example/path',
    'https://',
    'jav\u0000ascript:alert(1)',
    '\uFFFDjavascript:alert(1)',
    '',
    '   ',
  ])('drops %j', (url) => {
    expect(safeLinkHref(url)).toBeUndefined();
  });

  it.each([
    'java%09script:alert(1)',
    'jav%0Aascript:alert(1)',
    '%20%20javascript:alert(1)',
    '%01javascript:alert(1)',
    '%EF%BF%BDjavascript:alert(1)',
    '%5C%5Cevil.example/steal',
    '/%5Cevil.example/steal',
    '/%2F%2Fevil.example/steal',
    '/bad%E0%A4%A',
  ])('drops %j, which the parser made of a dangerous target by percent-encoding it', (url) => {
    expect(safeLinkHref(url)).toBeUndefined();
  });

  it.each([
    'https://example.org/a%20b?q=x%26y',
    '/knowledge/type%202%20diabetes',
    'mailto:care@example.org?subject=Hi%20there',
  ])('keeps a percent-encoded target that is safe decoded too: %s', (url) => {
    expect(safeLinkHref(url)).toBe(url);
  });

  it('strips the tabs and line breaks a browser would ignore from an allowed link', () => {
    expect(safeLinkHref(' https://exa\nmple.org ')).toBe('https://example.org');
  });
});

describe('safeImageSrc (images never load from elsewhere)', () => {
  it.each(['/knowledge/diagram.png', '/a/b.svg?v=1', '/knowledge/glucose%20pathway.svg'])(
    'keeps a same-origin path: %s',
    (src) => {
      expect(safeImageSrc(src)).toBe(src);
    },
  );

  it.each([
    'https://evil.example/a.png',
    'http://evil.example/a.png',
    '//evil.example/a.png',
    '/\\evil.example/a.png',
    'data:image/png;base64,AAAA',
    'javascript:alert(1)',
    'diagram.png',
    './diagram.png',
    '/%5Cevil.example/a.png',
    '/%2F%2Fevil.example/a.png',
    '/%2f/evil.example/a.png',
    '/bad%E0%A4%A.png',
    '',
  ])('drops %j', (src) => {
    expect(safeImageSrc(src)).toBeUndefined();
  });
});

describe('isExternalLink', () => {
  it('treats a web link to another origin as external', () => {
    expect(isExternalLink('https://medlineplus.gov/x', 'http://localhost:5173')).toBe(true);
    expect(isExternalLink('http://example.org', undefined)).toBe(true);
  });

  it('treats same-origin, relative and non-web links as internal', () => {
    expect(isExternalLink('http://localhost:5173/records', 'http://localhost:5173')).toBe(false);
    expect(isExternalLink('/records', 'http://localhost:5173')).toBe(false);
    expect(isExternalLink('mailto:care@example.org', 'http://localhost:5173')).toBe(false);
  });
});

describe('plainParagraphs (text the parser would leave as it is)', () => {
  it('splits plain text into paragraphs at blank lines and keeps single line breaks', () => {
    expect(plainParagraphs('One line,\nthe same paragraph.\n\n\nAnother one!')).toEqual([
      'One line,\nthe same paragraph.',
      'Another one!',
    ]);
  });

  it('gives no paragraph for empty text', () => {
    expect(plainParagraphs('')).toEqual([]);
    expect(plainParagraphs('\n\n')).toEqual([]);
  });

  it('keeps words and punctuation that mean nothing to the parser: hyphens inside a line, brackets, quotes, !', () => {
    expect(plainParagraphs('Follow-up in 2 weeks (or sooner)! "Take" it: 500 mg.')).toEqual([
      'Follow-up in 2 weeks (or sooner)! "Take" it: 500 mg.',
    ]);
  });

  it.each([
    ['emphasis', 'a **bold** word'],
    ['underscore', 'snake_case'],
    ['code', 'a `code` span'],
    ['link', '[site](https://example.org)'],
    ['image', '![x](/a.png)'],
    ['raw HTML', 'a <b>tag</b>'],
    ['autolink', '<https://example.org>'],
    ['entity', 'fish &amp; chips'],
    ['escape', 'not \\*emphasis'],
    ['heading', '# Title'],
    ['quote', '> quoted'],
    ['bullet list', '- item'],
    ['plus list', '+ item'],
    ['ordered list', '1. first'],
    ['ordered list with a parenthesis', '2) second'],
    ['setext heading', 'Title\n==='],
    ['rule under a line', 'Title\n---'],
    ['indented code', '    code'],
    ['leading space', ' text'],
    ['hard break', 'line  \nbreak'],
    ['trailing space', 'text '],
    ['tab', 'a\tb'],
    ['carriage return', 'a\r\nb'],
    ['strikethrough marker', '~~gone~~'],
    ['table pipe', 'a | b'],
    ['NUL', 'a\u0000b'],
  ])('leaves text with %s to the parser', (_, source) => {
    expect(plainParagraphs(source)).toBeUndefined();
  });
});
