import { getStoryContext, type TestRunnerConfig } from '@storybook/test-runner';

/** The viewports stories ask for (Storybook's minimal set), so the test-runner sees what the Vitest run sees. */
const VIEWPORTS: Record<string, { width: number; height: number }> = {
  mobile1: { width: 320, height: 568 },
  mobile2: { width: 414, height: 896 },
  tablet: { width: 834, height: 1112 },
  desktop: { width: 1280, height: 800 },
};
const DEFAULT_VIEWPORT = { width: 1280, height: 800 };

const config: TestRunnerConfig = {
  async preVisit(page, context) {
    const story = await getStoryContext(page, context);
    type ViewportGlobals = { viewport?: { value?: string } } | undefined;
    // A story's own `globals` (Storybook's viewport global) are its `storyGlobals`; `globals` holds the toolbar's.
    const own = (story as { storyGlobals?: ViewportGlobals }).storyGlobals;
    const globals = story.globals as ViewportGlobals;
    const parameters = story.parameters as { viewport?: { defaultViewport?: string } } | undefined;
    const key = own?.viewport?.value ?? globals?.viewport?.value ?? parameters?.viewport?.defaultViewport;
    await page.setViewportSize((key && VIEWPORTS[key]) || DEFAULT_VIEWPORT);
  },
};

export default config;
