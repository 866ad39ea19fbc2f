/**
 * The manager's "Story state" panel: who is signed in, the fixed clock and the mock API's scenario of the story
 * on screen, so a designer or tester reading a screen knows what it runs with. The preview sends it on every
 * render (`STORY_STATE_EVENT`); the toolbar's own items show which of these a story fixes (greyed out).
 */
// The manager is bundled with the classic JSX transform, so React must be in scope (and is used below).
import React from 'react';
import { addons, types, useStorybookState } from 'storybook/manager-api';
import {
  SCENARIO_TITLES,
  STORY_STATE_ADDON,
  STORY_STATE_EVENT,
  STORY_STATE_PANEL,
  type StoryState,
} from './storyState';

/**
 * The last state each story reported. Kept outside the panel, since the panel mounts only when it is first
 * opened and the preview reports as soon as a story renders.
 */
const reported = new Map<string, StoryState>();
const listeners = new Set<() => void>();
let version = 0;
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => version;

function record(state: StoryState) {
  reported.set(state.storyId, state);
  version += 1;
  for (const listener of listeners) listener();
}

const SESSION_WORDS: Readonly<Record<string, string>> = {
  signedOut: 'Signed out',
  loading: 'Session still loading',
};

/** "fixed by this story" or "from the toolbar": where a value comes from. */
const origin = (fixed: boolean) => (fixed ? 'fixed by this story' : 'from the toolbar');

const panelStyle = {
  padding: '12px 16px',
  fontSize: 14,
  lineHeight: 1.5,
  height: '100%',
  overflow: 'auto',
  boxSizing: 'border-box',
} as const;
const termStyle = { fontWeight: 700, marginTop: 8 } as const;
const detailStyle = { margin: 0 } as const;

/**
 * The story's instant written out in full in the time zone the stories use, and as ISO 8601. (Storybook's
 * channel revives date strings as Dates, so `now` is read through `new Date` either way.)
 */
function clockText(state: StoryState): string {
  const now = new Date(state.clock.now);
  const formatted = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'full',
    timeStyle: 'long',
    timeZone: state.clock.timeZone,
  }).format(now);
  return `${formatted} (${now.toISOString()}; time zone ${state.clock.timeZone}, locale ${state.clock.locale})`;
}

function StoryStateDetails({ state }: { state: StoryState }) {
  const scenarioTitle =
    (SCENARIO_TITLES as Readonly<Record<string, string>>)[state.scenario.name] ?? state.scenario.name;
  return (
    <dl style={{ margin: 0 }}>
      <dt style={termStyle}>Persona</dt>
      <dd style={detailStyle}>
        {state.persona
          ? `${state.persona.name}, ${state.persona.role} (${state.persona.email})`
          : (SESSION_WORDS[state.session.key] ?? state.session.key)}{' '}
        — {origin(state.session.fixed)}
      </dd>
      <dt style={termStyle}>Clock</dt>
      <dd style={detailStyle}>{clockText(state)}</dd>
      <dt style={termStyle}>Mock API scenario</dt>
      <dd style={detailStyle}>
        {scenarioTitle} — {origin(state.scenario.fixed)}
      </dd>
      <dt style={termStyle}>Routes this story overrides</dt>
      <dd style={detailStyle}>
        {state.overrides.length === 0 ? (
          'None'
        ) : (
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {state.overrides.map((route) => (
              <li key={route}>
                <code>{route}</code>
              </li>
            ))}
          </ul>
        )}
      </dd>
      <dt style={termStyle}>Data</dt>
      <dd style={detailStyle}>
        {state.seededApi
          ? 'A mock API of its own, seeded for this story'
          : 'The shared mock API, reset before the story'}
      </dd>
    </dl>
  );
}

function StoryStatePanel() {
  React.useSyncExternalStore(subscribe, snapshot);
  const { storyId } = useStorybookState();
  const state = reported.get(storyId);
  return (
    // It scrolls when the panel is short, so keyboard users must be able to focus it to scroll it (WCAG 2.1.1;
    // axe: scrollable-region-focusable), which the lint rule for non-interactive elements does not know about.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <section aria-label="Story state" tabIndex={0} style={panelStyle}>
      {state ? (
        <StoryStateDetails state={state} />
      ) : (
        <p>Open a story to see its persona, clock and scenario.</p>
      )}
    </section>
  );
}

addons.register(STORY_STATE_ADDON, (api) => {
  api.on(STORY_STATE_EVENT, record);
  addons.add(STORY_STATE_PANEL, {
    type: types.PANEL,
    title: 'Story state',
    // Not Storybook's AddonPanel: its scroll area cannot be reached with the keyboard (axe flags it).
    render: ({ active }) => (active ? <StoryStatePanel /> : null),
  });
});
