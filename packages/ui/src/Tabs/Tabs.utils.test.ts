import { describe, expect, it } from 'vitest';
import { tabsThatFit } from './Tabs.utils';

const widths = [100, 100, 100, 100, 100];

describe('tabsThatFit', () => {
  it('shows every tab when they all fit without a menu', () => {
    expect(tabsThatFit({ widths, gap: 0, available: 500, moreWidth: 80, selected: 0 })).toEqual([
      0, 1, 2, 3, 4,
    ]);
  });

  it('counts the gaps between tabs', () => {
    expect(tabsThatFit({ widths, gap: 10, available: 500, moreWidth: 80, selected: 0 })).toEqual([0, 1, 2]);
  });

  it('keeps the tabs that fit beside the menu button, in order, and moves the rest into the menu', () => {
    expect(tabsThatFit({ widths, gap: 0, available: 390, moreWidth: 80, selected: 0 })).toEqual([0, 1, 2]);
  });

  it('keeps the selected tab in the list even when it comes last', () => {
    expect(tabsThatFit({ widths, gap: 0, available: 390, moreWidth: 80, selected: 4 })).toEqual([0, 1, 4]);
  });

  it('stops at the first tab that does not fit, so the list never skips one', () => {
    expect(
      tabsThatFit({ widths: [100, 200, 50, 50], gap: 0, available: 250, moreWidth: 50, selected: 0 }),
    ).toEqual([0]);
  });

  it('keeps the selected tab even when nothing else fits beside it', () => {
    expect(tabsThatFit({ widths, gap: 0, available: 120, moreWidth: 80, selected: 2 })).toEqual([2]);
  });

  it('puts the tabs meant for the menu there even when they would fit, unless one is selected', () => {
    const inMenu = [false, false, false, true, true];
    expect(tabsThatFit({ widths, gap: 0, available: 1000, moreWidth: 80, selected: 0, inMenu })).toEqual([
      0, 1, 2,
    ]);
    expect(tabsThatFit({ widths, gap: 0, available: 1000, moreWidth: 80, selected: 3, inMenu })).toEqual([
      0, 1, 2, 3,
    ]);
  });

  it('shows every tab when nothing has been laid out yet (all widths zero)', () => {
    expect(tabsThatFit({ widths: [0, 0, 0], gap: 0, available: 0, moreWidth: 0, selected: 1 })).toEqual([
      0, 1, 2,
    ]);
  });

  it('shows nothing for an empty bar, and ignores a selected index outside it', () => {
    expect(tabsThatFit({ widths: [], gap: 0, available: 300, moreWidth: 80, selected: 0 })).toEqual([]);
    expect(tabsThatFit({ widths, gap: 0, available: 300, moreWidth: 80, selected: 9 })).toEqual([0, 1]);
  });
});
