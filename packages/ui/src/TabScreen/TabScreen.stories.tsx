import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { RETRY_LABEL } from '../ErrorState/ErrorState';
import { lazyScreen } from '../screens/lazyScreen';
import { TAB_SCREEN_TEXTS, TabScreen, TabScreenLoading } from './TabScreen';

/** Stands in for a tab's screen: a heading, fetched like the real ones. */
const Sample = ({ title }: { title: string }) => <h2>{title}</h2>;

const meta = {
  title: 'Primitives/TabScreen',
  component: TabScreen,
  args: { label: 'Medical Records', children: null },
} satisfies Meta<typeof TabScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * REQ-perf-files: a tab's screen is fetched when the tab first opens; meanwhile the panel says what is
 * loading.
 */
export const Loading: Story = {
  render: (args) => <TabScreenLoading label={args.label} />,
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent(TAB_SCREEN_TEXTS.loading('Medical Records'));
  },
};

const Arrives = lazyScreen(async () => Sample);

/** Once the screen's code has arrived, the screen shows in the panel. */
export const Loaded: Story = {
  render: (args) => (
    <TabScreen {...args}>
      <Arrives title="My Medical Records" />
    </TabScreen>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'My Medical Records' })).toBeVisible();
  },
};

/** A screen whose first download fails; made anew before each run of the story. */
const failingOnce = () => {
  let attempts = 0;
  return lazyScreen(async () => {
    attempts += 1;
    if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
    return Sample;
  });
};
let FailsOnce = failingOnce();

/** A failed download (offline, a new release) says so in the panel; Try again fetches the screen again. */
export const LoadedAfterRetry: Story = {
  // Its beforeEach makes the chunk fail once, and the matrix's theme switch re-renders the story, which starts
  // that again: checked once, at 1280 px.
  tags: ['flow', 'desktop-only'],
  beforeEach() {
    FailsOnce = failingOnce();
  },
  render: (args) => (
    <TabScreen {...args}>
      <FailsOnce title="My Medical Records" />
    </TabScreen>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      TAB_SCREEN_TEXTS.failed('Medical Records'),
    );
    await userEvent.click(canvas.getByRole('button', { name: RETRY_LABEL }));
    await expect(await canvas.findByRole('heading', { name: 'My Medical Records' })).toBeVisible();
  },
};

/** What a lazily fetched part of a screen says instead (the chat's tool cards and document viewer). */
const PART_TEXTS = {
  loading: 'Loading the tool result...',
  failed: 'The tool result could not be loaded. Check your connection and try again.',
} as const;

/** A part of a screen (a chat's tool card) still downloading: a small indicator in the part's own words. */
export const PartLoading: Story = {
  args: { label: 'tool result', texts: PART_TEXTS, spinnerSize: 'small' },
  render: (args) => (
    <TabScreenLoading label={args.label} text={args.texts?.loading} size={args.spinnerSize} />
  ),
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent(PART_TEXTS.loading);
  },
};

let PartFailsOnce = failingOnce();

/** A part whose download failed says so in its own words; Try again fetches it, the rest of the screen stays. */
export const PartLoadedAfterRetry: Story = {
  // Its beforeEach makes the chunk fail once, and the matrix's theme switch re-renders the story, which starts
  // that again: checked once, at 1280 px.
  tags: ['flow', 'desktop-only'],
  args: { label: 'tool result', texts: PART_TEXTS, spinnerSize: 'small' },
  beforeEach() {
    PartFailsOnce = failingOnce();
  },
  render: (args) => (
    <TabScreen {...args}>
      <PartFailsOnce title="Calendar (token vault): view appointments" />
    </TabScreen>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(PART_TEXTS.failed);
    await userEvent.click(canvas.getByRole('button', { name: RETRY_LABEL }));
    await expect(
      await canvas.findByRole('heading', { name: 'Calendar (token vault): view appointments' }),
    ).toBeVisible();
  },
};
