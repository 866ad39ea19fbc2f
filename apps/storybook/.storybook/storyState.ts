/**
 * What the preview tells the manager's "Story state" panel about the story on screen: who is signed in, the
 * fixed clock and the mock API's scenario. Plain data only, so the manager (which must not bundle the mocks)
 * can show it; shared by preview.tsx and manager.tsx.
 */
export const STORY_STATE_ADDON = 'sentinel/story-state';
export const STORY_STATE_PANEL = `${STORY_STATE_ADDON}/panel`;
/** Sent by the preview after a story renders (story view only: a docs page shows several stories). */
export const STORY_STATE_EVENT = `${STORY_STATE_ADDON}/changed`;

export type StoryState = {
  readonly storyId: string;
  /** The session key (a persona, `signedOut` or `loading`), and whether the story fixes it (toolbar locked). */
  readonly session: { readonly key: string; readonly fixed: boolean };
  /** The signed-in persona's display name and role; absent when signed out or loading. */
  readonly persona?: { readonly name: string; readonly role: string; readonly email: string };
  /** The story's clock: an ISO instant and the time zone the screens format dates in. */
  readonly clock: { readonly now: string; readonly timeZone: string; readonly locale: string };
  /** The whole-API scenario (toolbar), and whether the story fixes it. */
  readonly scenario: { readonly name: string; readonly fixed: boolean };
  /** Routes the story itself overrides ("GET /api/audit"), in front of the scenario. */
  readonly overrides: readonly string[];
  /** Whether the story runs a mock API of its own, seeded with data for it, instead of the shared one. */
  readonly seededApi: boolean;
};

/** The toolbar's words for each whole-API scenario, in the order the toolbar lists them. */
export const SCENARIO_TITLES = {
  normal: 'Normal',
  empty: 'Empty lists',
  error: 'Server error (500)',
  slow: 'Slow (never answers)',
  forbidden: 'Forbidden (403)',
  modelUnavailable: 'Assistant unavailable',
} as const;
