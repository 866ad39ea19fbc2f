import { ICS_FILE_NAME } from '@sentinel/domain';
import { scenario } from '@sentinel/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { CalendarConnect } from './CalendarConnect';
import { CALENDAR_CONNECT_TEXTS as T, CALENDAR_SCOPE_LABELS } from './CalendarConnect.utils';

/**
 * The token vault's calendar (REQ-tool-vault): the consent, the connected calendar with its upcoming events and
 * the .ics download. Stories that start connected get a mock API of their own whose store holds the consent
 * (`scenario.calendarConnected`), one per story so stories on the same docs page do not share a connection.
 */
const meta = {
  title: 'Screens/CalendarConnect',
  component: CalendarConnect,
  globals: { session: 'jane' },
  parameters: { docs: { story: { inline: false, height: '760px' } } },
} satisfies Meta<typeof CalendarConnect>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

/** Jane has three appointments ahead of the fixed clock (today 16:30, in 2 days, in 9 days). */
const JANES_UPCOMING = 3;

const panel = (canvas: Canvas) => canvas.findByRole('region', { name: T.title });
const eventItems = async (canvas: Canvas) =>
  within(await canvas.findByRole('list', { name: T.eventsTitle })).getAllByRole('listitem');

/** The parameters and loader of a story that starts with `who` connected. */
function connectedAs(who: 'jane' | 'alice', extra: ReturnType<typeof scenario.error> = []) {
  const connected = scenario.calendarConnected(who);
  return {
    loaders: [connected.seed],
    globals: { session: who },
    parameters: { msw: { handlers: { scenario: extra, api: connected.handlers } } },
  };
}

/** Not connected: the consent. How the token is obtained, the scopes (read required, write optional). */
export const NotConnected: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = within(await panel(canvas));
    await expect(await region.findByText(T.notConnected)).toBeVisible();
    await expect(region.getByText(T.howItWorks)).toBeVisible();
    const read = region.getByRole('checkbox', { name: new RegExp(CALENDAR_SCOPE_LABELS['calendar:read']) });
    const write = region.getByRole('checkbox', { name: new RegExp(CALENDAR_SCOPE_LABELS['calendar:write']) });
    await expect(read).toBeChecked();
    await expect(read).toBeDisabled();
    await expect(write).not.toBeChecked();
    await expect(region.getByRole('button', { name: T.connect })).toBeEnabled();
  },
};

/** The consent given: write ticked too, Connect calendar, and the upcoming appointments appear. */
export const ConnectFlow: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = within(await panel(canvas));
    await userEvent.click(
      await region.findByRole('checkbox', { name: new RegExp(CALENDAR_SCOPE_LABELS['calendar:write']) }),
    );
    await userEvent.click(region.getByRole('button', { name: T.connect }));
    await expect(await region.findByText(T.connected)).toBeVisible();
    const granted = region.getByRole('list', { name: T.grantedTitle });
    await expect(granted).toHaveTextContent('calendar:read');
    await expect(granted).toHaveTextContent('calendar:write');
    await expect(await eventItems(canvas)).toHaveLength(JANES_UPCOMING);
    await expect(region.getByRole('button', { name: T.downloadIcs })).toBeVisible();
  },
};

/** Connected with read: since when, the scope granted, the upcoming appointments, Download .ics and Disconnect. */
export const Connected: Story = {
  ...connectedAs('jane'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = within(await panel(canvas));
    await expect(await region.findByText(T.connectedAt('Today at 2:30 PM'))).toBeVisible();
    await expect(region.getByRole('list', { name: T.grantedTitle })).toHaveTextContent('calendar:read');
    const items = await eventItems(canvas);
    await expect(items).toHaveLength(JANES_UPCOMING);
    await expect(items[0]!).toHaveTextContent('Consultation with Dr. Alice Smith');
    await expect(items[0]!).toHaveTextContent('Mon, Nov 2, 2026');
    await expect(region.getByRole('button', { name: T.downloadIcs })).toBeVisible();
    await expect(region.getByRole('button', { name: T.disconnect })).toBeVisible();
  },
};

/**
 * Download .ics: the file is built in the browser from the listed events and handed to the browser's download
 * as sentinel-appointments.ics. The play function catches the download link instead of saving a file.
 */
export const DownloadIcs: Story = {
  tags: ['flow'],
  ...connectedAs('jane'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const saved: { name: string; text: Promise<string> }[] = [];
    const originalClick = HTMLAnchorElement.prototype.click;
    const originalCreate = URL.createObjectURL;
    const blobs = new Map<string, Blob>();
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      const url = originalCreate(blob);
      if (blob instanceof Blob) blobs.set(url, blob);
      return url;
    };
    HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
      const blob = blobs.get(this.href);
      if (blob) saved.push({ name: this.download, text: blob.text() });
    };
    try {
      await userEvent.click(await canvas.findByRole('button', { name: T.downloadIcs }));
      await waitFor(() => expect(saved).toHaveLength(1));
      await expect(saved[0]!.name).toBe(ICS_FILE_NAME);
      const ics = await saved[0]!.text;
      await expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      await expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(JANES_UPCOMING);
      await expect(ics).toContain('SUMMARY:Consultation with Dr. Alice Smith');
    } finally {
      HTMLAnchorElement.prototype.click = originalClick;
      URL.createObjectURL = originalCreate;
    }
  },
};

/** A doctor's calendar holds the appointments where she is the doctor. */
export const DoctorConnected: Story = {
  ...connectedAs('alice'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const items = await eventItems(canvas);
    await expect(items.length).toBeGreaterThan(0);
    for (const item of items) await expect(item).toHaveTextContent('Dr. Alice Smith');
  },
};

/**
 * REQ-err-calendar The calendar service cannot be reached: 'Unable to access calendar at this time...' with
 * Retry.
 */
export const Unavailable: Story = {
  ...connectedAs('jane', scenario.calendarUnavailable()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = within(await panel(canvas));
    await expect(await region.findByRole('alert')).toHaveTextContent(T.failure);
    await expect(region.getByRole('button', { name: T.retry })).toBeVisible();
    await expect(region.queryByRole('button', { name: T.downloadIcs })).toBeNull();
  },
};

/** Connected, but nothing ahead in the calendar: no events and nothing to download. */
export const Empty: Story = {
  ...connectedAs('jane', scenario.empty('listCalendarEvents')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = within(await panel(canvas));
    await expect(await region.findByText(T.noEvents)).toBeVisible();
    await expect(region.queryByRole('button', { name: T.downloadIcs })).toBeNull();
    await expect(region.getByRole('button', { name: T.disconnect })).toBeVisible();
  },
};

/** Disconnect asks first; confirmed, the token is gone and the consent is offered again. */
export const Disconnect: Story = {
  tags: ['flow'],
  ...connectedAs('jane'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: T.disconnect }));
    // The dialog is portalled to the document body, outside the canvas.
    const dialog = await within(document.body).findByRole('alertdialog', { name: T.disconnectTitle });
    await expect(dialog).toHaveTextContent(T.disconnectConfirm);
    await userEvent.click(within(dialog).getByRole('button', { name: T.disconnectConfirmLabel }));
    await expect(await canvas.findByRole('button', { name: T.connect })).toBeVisible();
    await expect(canvas.getByText(T.notConnected)).toBeVisible();
    await expect(canvas.queryByRole('list', { name: T.eventsTitle })).toBeNull();
  },
};

/** While the connection loads. */
export const Loading: Story = {
  parameters: { msw: { handlers: { scenario: scenario.slow('getCalendarConnection') } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent(T.loading);
  },
};

/** Connected, in the dark theme. */
export const Dark: Story = {
  ...connectedAs('jane'),
  // After the spread, so the connected persona stays fixed beside the theme.
  globals: { session: 'jane', theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(await eventItems(within(canvasElement))).toHaveLength(JANES_UPCOMING);
  },
};
