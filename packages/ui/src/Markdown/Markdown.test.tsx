import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown, OPENS_IN_NEW_TAB } from './Markdown';

/** Attack strings that must never turn into script, a dangerous link or a request to another origin. */
export const XSS_CORPUS = [
  '[plain](javascript:alert(1))',
  '[mixed case](JaVaScRiPt:alert(1))',
  '[entity](&#106;avascript:alert(1))',
  '[named entity](javascript&colon;alert(1))',
  '[data](data:text/html,<script>alert(1)</script>)',
  '[vb](vbscript:msgbox(1))',
  '[protocol relative](//evil.example)',
  '<javascript:alert(1)>',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)" onclick="alert(1)">raw link</a>',
  '![x](https://evil.example/a.png)',
  '![tracker](//evil.example/pixel.gif)',
  '![inline data](data:image/svg+xml,<svg onload=alert(1)>)',
  '[![nested](https://evil.example/b.png)](javascript:alert(1))',
  '[ref link][evil]\n\n[evil]: javascript:alert(1)',
].join('\n\n');

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

  describe('against an XSS corpus', () => {
    it('renders no script, no event handler attribute, no dangerous link and no outside image', () => {
      const container = renderMarkdown(XSS_CORPUS);
      expect(container.querySelector('script')).toBeNull();
      expect(container.querySelector('iframe, object, embed, svg[onload]')).toBeNull();
      for (const element of container.querySelectorAll('*')) {
        for (const attribute of element.getAttributeNames()) expect(attribute).not.toMatch(/^on/i);
      }
      const hrefs = [...container.querySelectorAll('[href]')].map((el) => el.getAttribute('href') ?? '');
      for (const href of hrefs) {
        expect(href).not.toMatch(/^\s*(javascript|data|vbscript):/i);
        expect(href).not.toMatch(/^\s*[/\\]{2}/);
      }
      const sources = [...container.querySelectorAll('[src]')].map((el) => el.getAttribute('src') ?? '');
      expect(sources).toEqual([]);
      expect(container.querySelectorAll('a')).toHaveLength(0);
    });

    it('still shows the words of every neutralised link and image', () => {
      const container = renderMarkdown(XSS_CORPUS);
      for (const text of [
        'plain',
        'mixed case',
        'entity',
        'named entity',
        'data',
        'vb',
        'protocol relative',
        '[x]',
        '[nested]',
        'ref link',
      ]) {
        expect(container.textContent).toContain(text);
      }
    });
  });
});
