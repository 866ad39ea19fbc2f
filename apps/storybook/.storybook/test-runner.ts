import { getStoryContext, type TestRunnerConfig } from '@storybook/test-runner';
import { cellsOf, checkCells, storyPass, type Theme } from './matrix';

/** The viewports stories may fix for themselves (Storybook's minimal set), as the Vitest run sizes them. */
const VIEWPORTS: Record<string, { width: number; height: number }> = {
  mobile1: { width: 320, height: 568 },
  mobile2: { width: 414, height: 896 },
  tablet: { width: 834, height: 1112 },
  desktop: { width: 1280, height: 800 },
};

/** This run's pass of the story matrix (./matrix.ts): 1280 px in light, or 390 px in dark. */
const pass = storyPass();
const cells = cellsOf(pass);
/** Where the visual baselines live: apps/storybook, where test-storybook runs (or STORY_MATRIX_DIR, to try). */
const dir = process.env.STORY_MATRIX_DIR ?? process.cwd();

/** A story's own `globals` are its `storyGlobals`; `globals` holds the toolbar's. */
type OwnGlobals = { viewport?: { value?: string }; theme?: Theme } | undefined;
const ownGlobals = (story: unknown) => (story as { storyGlobals?: OwnGlobals }).storyGlobals;

const config: TestRunnerConfig = {
  async preVisit(page, context) {
    const story = await getStoryContext(page, context);
    const key = ownGlobals(story)?.viewport?.value;
    await page.setViewportSize((key && VIEWPORTS[key]) || cells.size);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // The pass's theme, set in the toolbar before the story renders (a no-op once set: each story's checks put
    // it back). The preview may still be starting on a page's first story.
    await page.evaluate(async (wanted) => {
      type Store = { userGlobals: { get: () => { theme?: string } } };
      const w = globalThis as unknown as {
        __STORYBOOK_PREVIEW__?: { storyStoreValue?: Store };
        __STORYBOOK_ADDONS_CHANNEL__: { emit: (event: string, data: unknown) => void };
      };
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      for (let i = 0; i < 200 && !w.__STORYBOOK_PREVIEW__?.storyStoreValue; i += 1) await sleep(50);
      const store = w.__STORYBOOK_PREVIEW__?.storyStoreValue;
      if (!store || store.userGlobals.get().theme === wanted) return;
      w.__STORYBOOK_ADDONS_CHANNEL__.emit('updateGlobals', { globals: { theme: wanted } });
      for (let i = 0; i < 100 && store.userGlobals.get().theme !== wanted; i += 1) await sleep(20);
    }, cells.base);
  },
  async postVisit(page, context) {
    const story = await getStoryContext(page, context);
    const own = ownGlobals(story);
    await checkCells(
      page,
      {
        id: story.id,
        ownTheme: own?.theme,
        ownViewport: !!own?.viewport?.value,
        a11y: (story.parameters as { a11y?: { disable?: boolean; test?: string } }).a11y,
      },
      pass,
      dir,
    );
  },
};

export default config;
