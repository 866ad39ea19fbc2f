import type { Decorator, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { useLayoutEffect, useMemo } from 'react';
import { FIXED_NOW, PERSONA_KEYS, type PersonaKey } from '@sentinel/mocks';
import {
  AlertProvider,
  AlertRegion,
  ApiProvider,
  ClockProvider,
  ThemeProvider,
  createApiClient,
  createQueryClient,
  darkPalette,
  lightPalette,
  loadMarkdownRenderer,
  type ThemeName,
} from '@sentinel/ui';

import { mockApi, sessionFor, type StorySession } from './session';

const FIXED_CLOCK = { now: () => new Date(FIXED_NOW), locale: 'en-US', timeZone: 'UTC' };

/**
 * The canvas around a story (the iframe's page, and Storybook's padding) takes the theme's page colour, so a
 * dark story does not sit in a white frame: the theme paints only the component's root. In the story view
 * only; a docs page shows several stories, each painted by its own root.
 */
function usePaintedCanvas(theme: ThemeName, viewMode: string) {
  useLayoutEffect(() => {
    if (viewMode !== 'story') return undefined;
    const { style } = document.body;
    style.backgroundColor = (theme === 'dark' ? darkPalette : lightPalette).page;
    style.colorScheme = theme;
    return () => {
      style.backgroundColor = '';
      style.colorScheme = '';
    };
  }, [theme, viewMode]);
}

/**
 * Every story gets: a theme (toolbar), a session for a persona, signed out, or still loading (toolbar, or the
 * story's `parameters.session`), an API client whose bearer token names that persona, a fresh query cache,
 * and the MSW handlers of packages/mocks over a store reset before each story.
 */
function StoryProviders({
  Story,
  context,
}: {
  Story: Parameters<Decorator>[0];
  context: Parameters<Decorator>[1];
}) {
  const theme = context.globals.theme as ThemeName;
  usePaintedCanvas(theme, context.viewMode);
  const key = (context.parameters.session ?? context.globals.session) as StorySession;
  const session = sessionFor(key);
  const client = useMemo(
    () =>
      createApiClient({
        getAccessToken: async () => (session.status === 'signedIn' ? session.token : undefined),
      }),
    [session],
  );
  // A fresh cache for every story and session, so no story sees another's data.
  const queryClient = useMemo(() => createQueryClient(), [key, context.id]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <ThemeProvider theme={theme}>
      <ClockProvider clock={FIXED_CLOCK}>
        <ApiProvider client={client} queryClient={queryClient}>
          <session.Provider>
            <AlertProvider>
              <AlertRegion />
              <Story />
            </AlertProvider>
          </session.Provider>
        </ApiProvider>
      </ClockProvider>
    </ThemeProvider>
  );
}

const withProviders: Decorator = (Story, context) => <StoryProviders Story={Story} context={context} />;

const preview: Preview = {
  tags: ['autodocs'],
  loaders: [
    async () => {
      mockApi.reset();
      // The markdown parser is a chunk of its own (REQ-perf); stories show screens once it has arrived.
      await loadMarkdownRenderer();
      return {};
    },
    mswLoader(),
  ],
  decorators: [withProviders],
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
    },
    session: {
      description: 'Who is signed in',
      toolbar: {
        title: 'Session',
        icon: 'user',
        items: [...PERSONA_KEYS, 'signedOut', 'loading'] satisfies StorySession[],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', session: 'jane' satisfies PersonaKey },
  parameters: {
    layout: 'padded',
    a11y: { test: 'error' },
    controls: { matchers: { date: /Date$/i } },
    msw: { handlers: { scenario: [], api: mockApi.handlers } },
    options: { storySort: { order: ['Introduction', 'Primitives', 'Screens', 'Pages'] } },
  },
};

export default preview;
