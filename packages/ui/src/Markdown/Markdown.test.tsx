import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Markdown, OPENS_IN_NEW_TAB } from './Markdown';
import { HOSTILE_MARKDOWN, HOSTILE_MARKDOWN_DOCUMENT, harmfulOutput } from './Markdown.corpus';
import { plainParagraphs } from './Markdown.utils';
import { MarkdownRenderer } from './MarkdownRenderer';

const ORIGIN = 'http://localhost:5173';

function renderMarkdown(source: string, headingLevel?: 1 | 2 | 3 | 4 | 5 | 6) {
  const { container } = render(<Markdown headingLevel={headingLevel}>{source}</Markdown>);
  return container;
}

describe('Markdown', () => {
  it('renders plain markdown: paragraphs, emphasis, lists, code and quotes', () => {
    const container = renderMarkdown(
      'Take **metformin** with *food*.\n\n- Step one\n- Step two\n\n`500 mg`\n\n> Note',
    );
    expect(screen.getByText('metformin').tagName).toBe('STRONG');
    expect(screen.getByText('food').tagName).toBe('EM');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Step one', 'Step two']);
    expect(container.querySelector('code')?.textContent).toBe('500 mg');
    expect(container.querySelector('blockquote')?.textContent?.trim()).toBe('Note');
  });

  it('starts headings at level 3 by default so they fit under the page headings', () => {
    renderMarkdown('# Title\n\n## Section\n\n###### Deep');
    expect(screen.getByRole('heading', { name: 'Title' }).tagName).toBe('H3');
    expect(screen.getByRole('heading', { name: 'Section' }).tagName).toBe('H4');
    expect(screen.getByRole('heading', { name: 'Deep' }).tagName).toBe('H6');
  });

  it('starts headings at the level it is given', () => {
    renderMarkdown('# Title\n\n## Section', 2);
    expect(screen.getByRole('heading', { name: 'Title' }).tagName).toBe('H2');
    expect(screen.getByRole('heading', { name: 'Section' }).tagName).toBe('H3');
  });

  it('opens external links in a new tab, safely, and says so', () => {
    renderMarkdown('[MedlinePlus](https://medlineplus.gov/diabetes.html)');
    const link = screen.getByRole('link', { name: `MedlinePlus ${OPENS_IN_NEW_TAB}` });
    expect(link.getAttribute('href')).toBe('https://medlineplus.gov/diabetes.html');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('keeps same-origin and mail links in the same tab', () => {
    renderMarkdown('[Records](/records) and [write](mailto:care@example.org "Care team")');
    const records = screen.getByRole('link', { name: 'Records' });
    expect(records.getAttribute('href')).toBe('/records');
    expect(records.hasAttribute('target')).toBe(false);
    const mail = screen.getByRole('link', { name: 'write' });
    expect(mail.getAttribute('href')).toBe('mailto:care@example.org');
    expect(mail.getAttribute('title')).toBe('Care team');
  });

  it('renders a link with a forbidden protocol as its text only', () => {
    renderMarkdown('Click [here](javascript:alert(1)) now');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText(/Click here now/)).toBeTruthy();
  });

  it('loads same-origin images and shows the alt text of any other image instead', () => {
    const container = renderMarkdown(
      '![Diagram](/knowledge/diagram.png)\n\n![Chart](https://evil.example/a.png)\n\n![](https://evil.example/b.png)',
    );
    const images = container.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]?.getAttribute('src')).toBe('/knowledge/diagram.png');
    expect(images[0]?.getAttribute('alt')).toBe('Diagram');
    expect(screen.getByText('[Chart]')).toBeTruthy();
  });

  it('drops raw HTML instead of rendering it', () => {
    const container = renderMarkdown('Before <b onclick="x()">bold</b> after\n\n<div>block</div>');
    const root = container.firstElementChild as HTMLElement;
    expect(root.querySelector('b')).toBeNull();
    expect(root.querySelector('div')).toBeNull();
    expect(root.textContent).not.toContain('block');
    expect(container.textContent).not.toContain('<b');
    expect(container.textContent).toContain('bold');
  });

  describe('against the hostile corpus (REQ-chat-markdown, REQ-sec-xss)', () => {
    it.each(HOSTILE_MARKDOWN.map((payload) => [payload.name, payload] as const))(
      '%s: renders harmlessly',
      (_name, payload) => {
        const container = renderMarkdown(payload.markdown);
        expect(harmfulOutput(container, ORIGIN)).toEqual([]);
        if (payload.keeps) expect(container.textContent).toContain(payload.keeps);
      },
    );

    it('leaves no link and no image at all: every target in the corpus is dangerous or leaves the origin', () => {
      const container = renderMarkdown(HOSTILE_MARKDOWN_DOCUMENT);
      expect(harmfulOutput(container, ORIGIN)).toEqual([]);
      expect(screen.queryAllByRole('link')).toHaveLength(0);
      expect(container.querySelectorAll('[href], [src]')).toHaveLength(0);
    });
  });
});

describe('Markdown: the parser loads when a text needs it (REQ-perf-routes)', () => {
  const PLAIN = [
    "Hello Jane! I'm the Sentinel Health assistant. How can I help you today?",
    'First paragraph,\nsame paragraph.\n\n\nSecond paragraph (with 2 tablets a day).',
    '\nStarts and ends with line breaks.\n',
  ];

  it.each(PLAIN)('renders text without markdown syntax exactly as the parser does: %j', (source) => {
    expect(plainParagraphs(source)).toBeDefined();
    const direct = render(<Markdown>{source}</Markdown>).container.innerHTML;
    const parsed = render(<MarkdownRenderer headingLevel={3}>{source}</MarkdownRenderer>).container.innerHTML;
    // The parser puts a line break between blocks; the browser shows none.
    expect(direct).toBe(parsed.replaceAll('</p>\n<p>', '</p><p>'));
  });

  it('shows the text as typed while the parser downloads, then the rendered markdown', async () => {
    // A fresh copy of the module, whose parser has not been fetched yet (the test setup preloads the shared one).
    vi.resetModules();
    const fresh = await import('./Markdown');
    const { container } = render(<fresh.Markdown>{'Take **metformin** with food.'}</fresh.Markdown>);
    const root = container.firstElementChild as HTMLElement;
    expect(root.getAttribute('aria-busy')).toBe('true');
    expect(root.textContent).toBe('Take **metformin** with food.');
    expect((await within(container).findByText('metformin')).tagName).toBe('STRONG');
    expect(container.firstElementChild?.hasAttribute('aria-busy')).toBe(false);
  });
});

describe('harmfulOutput (the corpus check)', () => {
  function dom(html: string) {
    const root = document.createElement('div');
    root.innerHTML = html;
    return root;
  }

  it('finds nothing in harmless output: text, same-origin and allowed links, same-origin images', () => {
    const root = dom(
      '<p>Hi <a href="/records">records</a> <a href="https://medlineplus.gov/x">out</a> ' +
        '<a href="mailto:care@example.org">mail</a> <a href="#top">top</a> <img src="/k/a.png" alt=""></p>',
    );
    expect(harmfulOutput(root, ORIGIN)).toEqual([]);
  });

  it.each([
    ['<script>alert(1)</script>', '<script>'],
    ['<img src="/a.png" onerror="alert(1)">', 'onerror on <img>'],
    ['<svg></svg>', '<svg>'],
    ['<p style="background:url(https://evil.example/x)">x</p>', 'style on <p>'],
    ['<a href="javascript:alert(1)">x</a>', 'href javascript:alert(1) on <a>'],
    ['<a href=" JAVA	SCRIPT:alert(1)">x</a>', 'href  JAVA	SCRIPT:alert(1) on <a>'],
    ['<a href="data:text/html,x">x</a>', 'href data:text/html,x on <a>'],
    ['<a href="//evil.example">x</a>', 'href //evil.example on <a>'],
    ['<a href="/\\evil.example">x</a>', 'href /\\evil.example on <a>'],
    ['<img src="https://evil.example/p.png">', 'src https://evil.example/p.png on <img>'],
    ['<img src="//evil.example/p.png">', 'src //evil.example/p.png on <img>'],
    ['<img src="data:image/png;base64,AAAA">', 'src data:image/png;base64,AAAA on <img>'],
  ])('reports %s', (html, finding) => {
    expect(harmfulOutput(dom(html), ORIGIN)).toContain(finding);
  });
});
