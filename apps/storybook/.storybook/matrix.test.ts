import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, cellsOf, countDiffering, storyPass } from './matrix';

const pixels = (count: number, value: number) => new Uint8Array(count * 4).fill(value);

describe('the story matrix', () => {
  it('covers both widths and both themes in its two passes', () => {
    const desktop = cellsOf('desktop');
    const phone = cellsOf('phone');
    expect(desktop.size).toEqual(DESKTOP);
    expect(phone.size).toEqual(PHONE);
    expect(PHONE.width).toBe(390);
    expect(DESKTOP.width).toBe(1280);
    // Each pass plays in one theme and checks the other.
    expect([desktop.base, desktop.other].sort()).toEqual(['dark', 'light']);
    expect([phone.base, phone.other].sort()).toEqual(['dark', 'light']);
    expect(desktop.base).not.toBe(phone.base);
  });

  it('reads the pass from STORY_PASS, and refuses anything else', () => {
    expect(storyPass({})).toBe('desktop');
    expect(storyPass({ STORY_PASS: 'phone' })).toBe('phone');
    expect(() => storyPass({ STORY_PASS: 'tablet' })).toThrow(/STORY_PASS must be desktop or phone/);
  });

  it('counts only pixels that differ beyond the tolerance in some colour channel', () => {
    const a = pixels(100, 200);
    expect(countDiffering(a, pixels(100, 200), 40)).toBe(0);
    // A rounding of the colours is not a change.
    expect(countDiffering(a, pixels(100, 216), 40)).toBe(0);
    const b = pixels(100, 200);
    for (const pixel of [0, 1, 2, 3, 4]) b[pixel * 4 + (pixel % 3)] = 0;
    expect(countDiffering(a, b, 40)).toBe(5);
    // Alpha is not a colour.
    const c = pixels(100, 200);
    c[3] = 0;
    expect(countDiffering(a, c, 40)).toBe(0);
  });

  it('counts the same when its source runs on its own, as it does in the page', () => {
    const count = new Function(`return (${countDiffering.toString()})`)() as typeof countDiffering;
    const b = pixels(10, 200);
    b[4] = 0;
    expect(count(pixels(10, 200), b, 40)).toBe(1);
  });
});
