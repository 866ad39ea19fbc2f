import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { RETRY_LABEL } from '../ErrorState/ErrorState';
import { TAB_SCREEN_TEXTS, TabScreen, TabScreenLoading, lazyScreen } from './TabScreen';

/** Stands in for a tab's screen: a heading, fetched like the real ones. */
const Sample = ({ title }: { title: string }) => <h2>{title}</h2>;

const meta = {
  title: 'Primitives/TabScreen',
  component: TabScreen,
  args: { label: 'Medical Records', children: null },
} satisfies Meta<typeof TabScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Issue 7: a tab's screen is fetched when the tab first opens; meanwhile the panel says what is loading. */
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
export const DownloadFailed: Story = {
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
