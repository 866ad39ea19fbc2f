import type { Decorator, Loader, Preview, StoryContext } from '@storybook/react-vite';
import type { HttpHandler } from 'msw';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { useEffect, useLayoutEffect, useMemo } from 'react';
import { addons } from 'storybook/preview-api';
import {
  API_SCENARIOS,
  FIXED_NOW,
  PERSONAS,
  PERSONA_KEYS,
  isApiScenario,
  scenario,
  type ApiScenario,
  type PersonaKey,
} from '@sentinel/mocks';
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

import { docsParameters } from './docsParameters';
import { isStorySession, mockApi, sessionFor, type StorySession } from './session';
import { SCENARIO_TITLES, STORY_STATE_EVENT, type StoryState } from './storyState';

const FIXED_CLOCK = { now: () => new Date(FIXED_NOW), locale: 'en-US', timeZone: 'UTC' };
const DEFAULT_SESSION: PersonaKey = 'jane';

/**
 * The session of a story: its own `globals.session` when it fixes one (Storybook then greys out the toolbar
 * item), otherwise the toolbar's. Read from the globals only, so the toolbar always tells the truth.
 */
function sessionKeyOf(context: Pick<StoryContext, 'globals'>): StorySession {
  const key: unknown = context.globals.session;
  return isStorySession(key) ? key : DEFAULT_SESSION;
}

/** The whole-API scenario of a story: its own `globals.scenario`, or the toolbar's. */
function scenarioOf(context: Pick<StoryContext, 'globals'>): ApiScenario {
  const name: unknown = context.globals.scenario;
  return isApiScenario(name) ? name : 'normal';
}

type MswParameter = { handlers?: Record<string, HttpHandler[] | undefined> } | undefined;

/**
 * The story's MSW handlers, in the order MSW tries them: the story's own route overrides (every key but
 * `api`), then the toolbar's whole-API scenario, then the mock API (the story's seeded one, or the shared one).
 * So a story that shows one failing route keeps it whatever the toolbar says, and every other route follows it.
 */
function handlersFor(context: StoryContext): Record<string, HttpHandler[]> {
  const { api = mockApi.handlers, ...own } = (context.parameters.msw as MswParameter)?.handlers ?? {};
  const overrides = Object.values(own).flatMap((list) => list ?? []);
  return { overrides, scenario: scenario.everywhere(scenarioOf(context)), api };
}

const loadMsw = mswLoader();

/**
 * msw-storybook-addon's loader, given the handlers `handlersFor` puts together (loaders re-run when globals
 * change). It is handed a copy of the context with those handlers, so the worker it starts is put back on the
 * story's own context: the addon's `beforeEach` starts a second, empty worker when `context.msw` is unset.
 */
const mswWithScenario: Loader = async (context) => {
  const scoped = {
    ...context,
    parameters: { ...context.parameters, msw: { handlers: handlersFor(context) } },
  };
  const loaded = await loadMsw(scoped);
  context.msw = scoped.msw;
  return loaded;
};

const describeHandler = (handler: HttpHandler) =>
  `${String(handler.info.method)} ${String(handler.info.path)}`;

/** What the "Story state" panel shows for a story. */
function storyStateOf(context: StoryContext): StoryState {
  const key = sessionKeyOf(context);
  const own = context.storyGlobals;
  const { api, ...overrides } = (context.parameters.msw as MswParameter)?.handlers ?? {};
  const persona = key === 'signedOut' || key === 'loading' ? undefined : PERSONAS[key];
  return {
    storyId: context.id,
    session: { key, fixed: 'session' in own },
    ...(persona
      ? { persona: { name: persona.name, role: persona.roles.join(', '), email: persona.email } }
      : {}),
    clock: {
      now: new Date(FIXED_NOW).toISOString(),
      timeZone: FIXED_CLOCK.timeZone,
      locale: FIXED_CLOCK.locale,
    },
    scenario: { name: scenarioOf(context), fixed: 'scenario' in own },
    overrides: [
      ...new Set(
        Object.values(overrides)
          .flatMap((list) => list ?? [])
          .map(describeHandler),
      ),
    ],
    seededApi: api !== undefined && api !== mockApi.handlers,
  };
}

/** Tells the manager's panel what the story on screen runs with (in the story view; docs show many stories). */
function useReportedState(context: StoryContext) {
  const state = context.viewMode === 'story' ? JSON.stringify(storyStateOf(context)) : undefined;
  useEffect(() => {
    if (state) addons.getChannel().emit(STORY_STATE_EVENT, JSON.parse(state) as StoryState);
  }, [state]);
}

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
 * Every story gets: a theme (toolbar), a session for a persona, signed out, or still loading (the toolbar, or
 * the story's own `globals.session`), an API client whose bearer token names that persona, a fresh query
 * cache, and the MSW handlers of packages/mocks over a store reset before each story, behind the toolbar's
 * whole-API scenario (or the story's own `globals.scenario`).
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
  const key = sessionKeyOf(context);
  const apiScenario = scenarioOf(context);
  useReportedState(context);
  const session = sessionFor(key);
  const client = useMemo(
    () =>
      createApiClient({
        getAccessToken: async () => (session.status === 'signedIn' ? session.token : undefined),
      }),
    [session],
  );
  // A fresh cache for every story, session and scenario, so no story sees another's data (or another scenario's).
  const queryClient = useMemo(() => createQueryClient(), [key, apiScenario, context.id]); // eslint-disable-line react-hooks/exhaustive-deps
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
    mswWithScenario,
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
    scenario: {
      description: 'Mock API scenario: how every API route answers (a story that fixes one greys this out)',
      toolbar: {
        title: 'Scenario',
        icon: 'lightning',
        items: API_SCENARIOS.map((value) => ({ value, title: SCENARIO_TITLES[value] })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', session: DEFAULT_SESSION, scenario: 'normal' satisfies ApiScenario },
  parameters: {
    layout: 'padded',
    a11y: { test: 'error' },
    controls: { matchers: { date: /Date$/i } },
    msw: { handlers: { api: mockApi.handlers } },
    docs: { ...docsParameters },
    options: {
      storySort: {
        order: [
          'Introduction',
          'Foundations',
          'Guides',
          'Embedding',
          'Primitives',
          'Screens',
          'Pages',
          'Stress',
          'Changelog',
        ],
      },
    },
  },
};

export default preview;
