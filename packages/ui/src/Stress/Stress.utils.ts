/**
 * Layout checks for the stress stories (REQ-screen-a11y), run in the browser by their play functions and by
 * stressModes.mjs. Each returns the offending boxes described in words, and an empty list when all is well; the
 * stories join the list into one string, so a failing assertion prints which box broke.
 */

/** Sub-pixel rounding: a box may report a fraction of a pixel more than it has. */
const SLACK_PX = 1;

/** A short description of an element for a failure message: its role or tag, and the start of its text. */
export function describe(element: Element): string {
  const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
  const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
  return `${role} "${text}"`;
}

/**
 * A box clips its text on purpose when it ends the line in an ellipsis (`text-overflow: ellipsis` on a box
 * that hides overflow): the full text is still in the page for assistive technology.
 */
function ellipsises(element: Element): boolean {
  const style = getComputedStyle(element);
  return style.textOverflow === 'ellipsis' && style.overflowX !== 'visible';
}

/** Boxes whose content is wider than the box itself (text running out of a button, a badge, a tile...). */
export function overflowingBoxes(elements: Iterable<Element>): string[] {
  const found: string[] = [];
  for (const element of elements) {
    if (ellipsises(element)) continue;
    if (element.scrollWidth > element.clientWidth + SLACK_PX) {
      found.push(`${describe(element)} is ${element.scrollWidth}px wide in a ${element.clientWidth}px box`);
    }
  }
  return found;
}

/** Boxes that stick out of `container` sideways (a badge wider than its card, a dialog wider than the window). */
export function boxesOutside(elements: Iterable<Element>, container: Element | DOMRect): string[] {
  const frame = container instanceof Element ? container.getBoundingClientRect() : container;
  const found: string[] = [];
  for (const element of elements) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (box.left < frame.left - SLACK_PX || box.right > frame.right + SLACK_PX) {
      found.push(
        `${describe(element)} spans ${Math.round(box.left)}-${Math.round(box.right)}px, outside ` +
          `${Math.round(frame.left)}-${Math.round(frame.right)}px`,
      );
    }
  }
  return found;
}

/**
 * WCAG 1.4.10 reflow: the page scrolls sideways only if something other than a table is too wide. Tables
 * may scroll inside their own frame, which does not widen the page.
 */
export function pageScrollsSideways(document: Document): boolean {
  const page = document.scrollingElement ?? document.documentElement;
  return page.scrollWidth > page.clientWidth + SLACK_PX;
}

/** Where `part` of `element`'s text is drawn, left edge in pixels, or undefined if the text is not there. */
export function textLeft(element: Element, part: string): number | undefined {
  const walker = element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.textContent?.indexOf(part) ?? -1;
    if (at < 0) continue;
    const range = element.ownerDocument.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + part.length);
    return range.getBoundingClientRect().left;
  }
  return undefined;
}

/** The sideways scale of an element's transform: -1 when it is mirrored, 1 when not. */
export function horizontalScale(element: Element): number {
  const transform = getComputedStyle(element).transform;
  if (!transform || transform === 'none') return 1;
  return Math.sign(new DOMMatrixReadOnly(transform).a) || 1;
}
