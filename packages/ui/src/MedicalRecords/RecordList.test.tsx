import { RECORD_TEXTS, type MedicalRecord } from '@sentinel/domain';
import { seedRecords } from '@sentinel/mocks';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RECORD_SCREEN_TEXTS } from './MedicalRecords.utils';
import { RecordList } from './RecordList';

/** `count` records: the seeded ones in turn, each with its own id and a numbered title. */
const records = (count: number): MedicalRecord[] => {
  const seeded = seedRecords();
  return Array.from({ length: count }, (_, i) => ({
    ...(seeded[i % seeded.length] as MedicalRecord),
    id: `rec-${i + 1}`,
    title: `Record ${i + 1}`,
  }));
};

const LABEL = RECORD_SCREEN_TEXTS.listLabel;
const cards = () => within(screen.getByRole('list', { name: LABEL })).queryAllByRole('article');
/** The list's own items (a card's vitals are a list of their own); spacers are hidden and not counted. */
const items = () => [
  ...screen.getByRole('list', { name: LABEL }).querySelectorAll(':scope > li:not([aria-hidden="true"])'),
];

function renderList(count: number) {
  const onViewDetails = vi.fn();
  render(<RecordList records={records(count)} label={LABEL} showPatientName onViewDetails={onViewDetails} />);
  return { onViewDetails };
}

describe('RecordList', () => {
  it('renders every card of a short list, with no scroll box of its own', () => {
    renderList(12);
    expect(cards()).toHaveLength(12);
    expect(screen.queryByRole('region', { name: LABEL })).toBeNull();
    expect(items()[0]?.hasAttribute('aria-setsize')).toBe(false);
  });

  it('renders a window of cards out of 10,000, each telling its place in the whole list', () => {
    renderList(10_000);
    const shown = items();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThanOrEqual(60);
    expect(shown.every((item) => item.getAttribute('aria-setsize') === '10000')).toBe(true);
    expect(shown.map((item) => item.getAttribute('aria-posinset'))).toEqual(
      shown.map((_, i) => String(i + 1)),
    );
    expect(screen.getByRole('article', { name: 'Record 1' })).toBeTruthy();
    expect(screen.getByRole('region', { name: LABEL }).tabIndex).toBe(0);
  });

  it('renders the cards around the scroll position after scrolling, and no others', () => {
    renderList(10_000);
    const region = screen.getByRole('region', { name: LABEL });
    act(() => {
      region.scrollTop = 5_000 * 296;
      fireEvent.scroll(region);
    });
    expect(cards().length).toBeLessThanOrEqual(60);
    expect(screen.queryByRole('article', { name: 'Record 1' })).toBeNull();
    const places = items().map((item) => Number(item.getAttribute('aria-posinset')));
    expect(Math.min(...places)).toBeGreaterThan(4_900);
    expect(Math.max(...places)).toBeLessThan(5_100);
  });

  it('keeps the card holding keyboard focus after it scrolled out of view, and its button still works', () => {
    const { onViewDetails } = renderList(10_000);
    const card = within(screen.getByRole('article', { name: 'Record 2' }));
    const button = card.getByRole('button', { name: RECORD_TEXTS.viewDetails });
    act(() => button.focus());
    const region = screen.getByRole('region', { name: LABEL });
    act(() => {
      region.scrollTop = 5_000 * 296;
      fireEvent.scroll(region);
    });
    expect(document.activeElement).toBe(button);
    expect(button.isConnected).toBe(true);
    expect(cards().length).toBeLessThanOrEqual(60);
    fireEvent.click(button);
    expect(onViewDetails).toHaveBeenCalledWith(expect.objectContaining({ id: 'rec-2' }));
  });
});
