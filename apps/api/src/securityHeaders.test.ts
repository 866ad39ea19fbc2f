import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, portalContentSecurityPolicy } from './securityHeaders';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('the portal page’s inline scripts', () => {
  it('each inline script is allowed by the hash of its exact bytes, and scripts with src need none', () => {
    const guard = 'document.getElementById("root").replaceChildren();';
    const html =
      '<head><script type="module" crossorigin src="/assets/index.js"></script></head>' +
      `<body><div id="root"></div><script>${guard}</script><SCRIPT>\nx()\n</SCRIPT></body>`;
    expect(inlineScriptHashes(html)).toEqual([sha256(guard), sha256('\nx()\n')]);
  });

  it('a page without inline scripts adds no source to script-src', () => {
    expect(inlineScriptHashes('<script src="/a.js"></script><div></div>')).toEqual([]);
    expect(portalContentSecurityPolicy('http://localhost:4000')).toContain("script-src 'self';");
  });

  it('the hashes join script-src and nothing else', () => {
    const hash = sha256('x()');
    const policy = portalContentSecurityPolicy('http://localhost:4000', [hash]);
    expect(policy).toContain(`script-src 'self' ${hash};`);
    expect(policy.split(hash)).toHaveLength(2);
    expect(policy).not.toMatch(/unsafe-inline/);
  });
});
