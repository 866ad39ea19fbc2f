/** What the tab bar measured: widths in CSS pixels, in the order of the tabs. */
export type TabBarMeasure = {
  /** Each tab's width. */
  widths: readonly number[];
  /** The space between two tabs. */
  gap: number;
  /** The width the tabs and the overflow button share. */
  available: number;
  /** The overflow button's width plus the space between it and the tabs. */
  moreWidth: number;
  /** Index of the selected tab: it always stays in the list. */
  selected: number;
  /** Tabs that sit in the menu on a narrow screen even when they would fit (the patient's REQ-screen-patient-small). */
  inMenu?: readonly boolean[];
};

/**
 * The tabs a narrow tab bar shows in its list, as indexes in order; the rest go into the overflow menu. Every
 * tab shows when all fit without a menu. Otherwise the selected tab is kept (so the list always shows where the
 * user is), then the other tabs in order while they fit beside it and the menu button; the first that does not
 * fit and every tab after it go into the menu, so the list never skips a tab. Tabs measured at zero width (not
 * laid out yet) all fit.
 */
export function tabsThatFit({
  widths,
  gap,
  available,
  moreWidth,
  selected,
  inMenu = [],
}: TabBarMeasure): number[] {
  const all = widths.map((_, index) => index);
  const candidates = all.filter((index) => index === selected || !inMenu[index]);
  const span = (indexes: readonly number[]) =>
    indexes.reduce((sum, index) => sum + (widths[index] ?? 0), 0) + gap * Math.max(0, indexes.length - 1);
  if (candidates.length === all.length && span(all) <= available) return all;

  const budget = available - moreWidth;
  const shown = new Set(selected >= 0 && selected < widths.length ? [selected] : []);
  for (const index of candidates) {
    if (shown.has(index)) continue;
    if (span([...shown, index]) > budget) break;
    shown.add(index);
  }
  return all.filter((index) => shown.has(index));
}
