import { getStoryContext, type TestRunnerConfig } from '@storybook/test-runner';
import { cellsOf, checkCells, restoreTheme, storyPass, type Theme } from './matrix';

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
    // The pass's theme, before the story renders (each story's checks put it back afterwards too).
    await restoreTheme(page, cells.base);
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
        phoneVisual:
          (story.parameters as { matrix?: { phoneVisual?: boolean } }).matrix?.phoneVisual !== false,
      },
      pass,
      dir,
    );
  },
};

export default config;
