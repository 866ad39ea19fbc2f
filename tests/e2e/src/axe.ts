import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

/** The rule sets of WCAG 2.2 level AA (and the levels and versions below it), as axe tags them. */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

type Violation = { id: string; help: string; nodes: { target: unknown[] }[] };

/**
 * Runs axe-core on the page as it is now and fails with every violation of WCAG 2.2 AA, each with the elements
 * it found. axe is evaluated through the DevTools protocol, which the page's Content Security Policy (no inline
 * script, no eval) does not govern, so the page is checked under its real policy.
 */
export async function expectNoAxeViolations(page: Page, label: string) {
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async (tags) => {
    const found = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: tags },
    });
    return found.violations.map(({ id, help, nodes }) => ({
      id,
      help,
      nodes: nodes.map((node) => ({ target: node.target })),
    }));
  }, WCAG_22_AA);
  const described = (violations as Violation[]).map(
    (v) => `${v.id} (${v.help}): ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
  );
  expect(described, `axe on ${label}`).toEqual([]);
}
