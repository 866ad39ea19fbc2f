import { FIXED_NOW } from '@sentinel/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { IdleTimeout } from './IdleTimeout';
import { IDLE_TIMEOUT, IDLE_TIMEOUT_TEXTS } from './IdleTimeout.utils';

const START = new Date(FIXED_NOW).getTime();
const MINUTE = 60_000;

/** The stories' clock: fixed at FIXED_NOW, moved on by hand in the plays. */
let offset = 0;
const storyClock = () => START + offset;

/** The dialog is modal: on the docs page each story gets its own frame. */
const meta = {
  title: 'Pages/IdleTimeout',
  component: IdleTimeout,
  tags: ['autodocs'],
  parameters: {
    docs: { story: { inline: false, height: '420px' } },
  },
  args: {
    onLogout: fn(),
    clock: storyClock,
    limits: IDLE_TIMEOUT,
    // 13 minutes idle: the warning shows with 2:00 left.
    lastActivityAt: START - 13 * MINUTE,
    // Stories do not share activity through localStorage with each other.
    storage: null,
  },
  argTypes: { clock: { control: false }, storage: { control: false } },
  beforeEach() {
    offset = 0;
  },
} satisfies Meta<typeof IdleTimeout>;
export default meta;
type Story = StoryObj<typeof meta>;

const findWarning = (canvasElement: HTMLElement) =>
  within(canvasElement.ownerDocument.body).findByRole('alertdialog', { name: IDLE_TIMEOUT_TEXTS.title });

/** After 13 minutes without activity: the alert dialog, its countdown at 2:00, and focus on Stay signed in. */
export const Warning: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await findWarning(canvasElement);
    await expect(dialog).toHaveAccessibleDescription(IDLE_TIMEOUT_TEXTS.message(IDLE_TIMEOUT.timeoutMs));
    await expect(
      within(dialog).getByRole('timer', { name: IDLE_TIMEOUT_TEXTS.countdownLabel }),
    ).toHaveTextContent('2:00');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: IDLE_TIMEOUT_TEXTS.stay })).toHaveFocus(),
    );
    await expect(within(dialog).getByRole('button', { name: IDLE_TIMEOUT_TEXTS.logOut })).toBeVisible();
    await expect(args.onLogout).not.toHaveBeenCalled();
  },
};

/** The countdown ticks, and the time left is read out at steps (here: 30 seconds). */
export const CountingDown: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await findWarning(canvasElement);
    offset = 90_000;
    const timer = within(dialog).getByRole('timer');
    await waitFor(() => expect(timer).toHaveTextContent('0:30'), { timeout: 3_000 });
    await expect(await within(dialog).findByText(IDLE_TIMEOUT_TEXTS.announce(30))).toHaveAttribute(
      'aria-live',
      'polite',
    );
  },
};

/** Stay signed in (or Escape) closes the warning and the session goes on. */
export const StaySignedIn: Story = {
  tags: ['flow'],
  play: async ({ canvasElement, args }) => {
    const dialog = await findWarning(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: IDLE_TIMEOUT_TEXTS.stay }));
    await waitFor(() => expect(dialog).not.toBeVisible());
    offset = 5 * MINUTE;
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await expect(args.onLogout).not.toHaveBeenCalled();
  },
};

/** Log out signs out at once. */
export const LogOut: Story = {
  tags: ['flow'],
  play: async ({ canvasElement, args }) => {
    const dialog = await findWarning(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: IDLE_TIMEOUT_TEXTS.logOut }));
    await expect(args.onLogout).toHaveBeenCalledOnce();
  },
};

/** When the countdown reaches zero the session is signed out without asking. */
export const TimeUp: Story = {
  // The phone pass compares its picture after re-rendering in light, which restarts the countdown (the dialog
  // comes back at 2:00); its phone picture is not compared (REQ-screen-matrix). The play checks the sign-out.
  parameters: { matrix: { phoneVisual: false } },
  play: async ({ canvasElement, args }) => {
    await findWarning(canvasElement);
    offset = 2 * MINUTE;
    await waitFor(() => expect(args.onLogout).toHaveBeenCalledOnce(), { timeout: 3_000 });
  },
};

/** While the person is active nothing shows. */
export const Active: Story = {
  args: { lastActivityAt: START - MINUTE },
  play: async ({ canvasElement, args }) => {
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await expect(within(canvasElement.ownerDocument.body).queryByRole('alertdialog')).toBeNull();
    await expect(args.onLogout).not.toHaveBeenCalled();
  },
};
