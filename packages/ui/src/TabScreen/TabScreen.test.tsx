import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RETRY_LABEL } from '../ErrorState/ErrorState';
import { lazyScreen } from '../screens/lazyScreen';
import { TAB_SCREEN_TEXTS, TabScreen } from './TabScreen';

const Records = ({ owner }: { owner: string }) => <h2>{owner}’s records</h2>;

afterEach(() => vi.restoreAllMocks());

describe('TabScreen (a tab whose screen is fetched when it opens, REQ-perf-routes)', () => {
  it('says what is loading while the screen downloads, then shows it with its props', async () => {
    let arrive: (screen: typeof Records) => void = () => undefined;
    const Lazy = lazyScreen(() => new Promise<typeof Records>((resolve) => (arrive = resolve)));
    render(
      <TabScreen label="Medical Records">
        <Lazy owner="Jane" />
      </TabScreen>,
    );
    expect((await screen.findByRole('status')).textContent).toBe(TAB_SCREEN_TEXTS.loading('Medical Records'));
    arrive(Records);
    expect(await screen.findByRole('heading', { name: 'Jane’s records' })).toBeDefined();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says so when the download fails, and Try again downloads it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<typeof Records>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(Records);
    const Lazy = lazyScreen(load);
    render(
      <TabScreen label="Medical Records">
        <Lazy owner="Jane" />
      </TabScreen>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe(TAB_SCREEN_TEXTS.failed('Medical Records'));
    await userEvent.click(screen.getByRole('button', { name: RETRY_LABEL }));
    expect(await screen.findByRole('heading', { name: 'Jane’s records' })).toBeDefined();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says what is loading and what failed in its own words for a part of a screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const texts = { loading: 'Loading the tool result...', failed: 'The tool result could not be loaded.' };
    let fail: (error: Error) => void = () => undefined;
    const Lazy = lazyScreen(() => new Promise<typeof Records>((_resolve, reject) => (fail = reject)));
    render(
      <TabScreen label="tool result" texts={texts}>
        <Lazy owner="Jane" />
      </TabScreen>,
    );
    expect((await screen.findByRole('status')).textContent).toBe(texts.loading);
    fail(new TypeError('Failed to fetch dynamically imported module'));
    expect((await screen.findByRole('alert')).textContent).toBe(texts.failed);
  });

  it('downloads a screen once however often it is shown', async () => {
    const load = vi.fn(async () => Records);
    const Lazy = lazyScreen(load);
    const { unmount } = render(
      <TabScreen label="Medical Records">
        <Lazy owner="Jane" />
      </TabScreen>,
    );
    await screen.findByRole('heading', { name: 'Jane’s records' });
    unmount();
    render(
      <TabScreen label="Medical Records">
        <Lazy owner="John" />
      </TabScreen>,
    );
    expect(screen.getByRole('heading', { name: 'John’s records' })).toBeDefined();
    expect(load).toHaveBeenCalledOnce();
  });
});
