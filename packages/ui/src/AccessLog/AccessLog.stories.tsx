import { DEFAULT_ERROR_MESSAGES } from '@sentinel/domain/contract';
import { authorizationFor, createMockApi, scenario, type PersonaKey } from '@sentinel/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { getResponse } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { AccessLog } from './AccessLog';
import { ACCESS_LOG_TEXTS as T } from './AccessLog.utils';

/**
 * A mock API of its own for each story with rows, whose audit trail holds exactly the calls `seedAccess` makes:
 * the rows are what the mock server itself wrote, not hand-made ones. One per story, so two stories rendered on
 * the same docs page do not seed each other's trail.
 */
function seededApi() {
  const api = createMockApi();

  /** Sends one request as `who` straight to this API's handlers (no network, so no worker is needed yet). */
  async function callAs(who: PersonaKey, path: string): Promise<void> {
    const request = new Request(new URL(path, window.location.origin), {
      headers: { Authorization: authorizationFor(who) },
    });
    if (!(await getResponse(api.handlers, request))) throw new Error(`No mock handler answers ${path}`);
  }

  /**
   * Jane lists her records; Dr. Alice opens Jane's diabetes diagnosis (rec-001) and Dr. Carter her A1C result
   * (rec-002); then John tries to open rec-001 and is refused.
   */
  async function seedAccess() {
    api.reset();
    await callAs('jane', '/api/records');
    await callAs('alice', '/api/records/rec-001');
    await callAs('ben', '/api/records/rec-002');
    await callAs('john', '/api/records/rec-001');
    return {};
  }

  return { loaders: [seedAccess], msw: { handlers: { api: api.handlers } } };
}

const forJane = seededApi();
const forJohn = seededApi();
const forJaneOnAPhone = seededApi();

const meta = {
  title: 'Screens/AccessLog',
  component: AccessLog,
  globals: { session: 'jane' },
  parameters: { docs: { story: { inline: false, height: '760px' } } },
} satisfies Meta<typeof AccessLog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The table's body rows, top to bottom. */
async function rowsIn(canvasElement: HTMLElement) {
  const log = within(await within(canvasElement).findByRole('region', { name: T.title }));
  const table = await log.findByRole('table', { name: T.caption });
  return within(table).getAllByRole('row').slice(1);
}

/**
 * Jane's 'Who viewed my records': John's refused attempt (newest), the two doctors who opened her records, and
 * her own visit. The doctors show by name and role; John, another patient, only as 'Another user'.
 */
export const WhoViewedMyRecords: Story = {
  loaders: forJane.loaders,
  parameters: { msw: forJane.msw },
  play: async ({ canvasElement }) => {
    const rows = await rowsIn(canvasElement);
    await expect(rows).toHaveLength(4);
    const [refused, ben, alice, own] = rows.map((row) => within(row));
    await expect(refused?.getByText('Opened record rec-001')).toBeVisible();
    await expect(refused?.getByText('Refused')).toBeVisible();
    await expect(refused?.getByText(T.anotherUser)).toBeVisible();
    await expect(ben?.getByText('Opened record rec-002')).toBeVisible();
    await expect(ben?.getByText('Allowed')).toBeVisible();
    await expect(alice?.getByText(/^Dr\. Alice Smith/)).toBeVisible();
    await expect(alice?.getByText(/^Doctor/)).toBeVisible();
    await expect(alice?.getByText('Opened record rec-001')).toBeVisible();
    await expect(own?.getByText(T.you)).toBeVisible();
    await expect(own?.getByText('Listed records')).toBeVisible();
  },
};

/**
 * On a phone the four columns do not fit: the table scrolls sideways in a labelled region the keyboard can
 * reach, with a shade on the edge that has more columns beyond it, and Outcome is there at the end.
 */
export const Phone: Story = {
  loaders: forJaneOnAPhone.loaders,
  parameters: { msw: forJaneOnAPhone.msw },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    await rowsIn(canvasElement);
    const scroller = within(canvasElement).getByRole('region', { name: T.caption });
    await expect(scroller).toHaveAttribute('tabindex', '0');
    await expect(scroller.scrollWidth).toBeGreaterThan(scroller.clientWidth);
    await expect(getComputedStyle(scroller).backgroundImage).toMatch(
      /linear-gradient.*linear-gradient.*linear-gradient.*linear-gradient/,
    );
    const outcome = within(scroller).getByRole('columnheader', { name: T.columns.outcome });
    const beyondTheEdge = () =>
      outcome.getBoundingClientRect().left >= scroller.getBoundingClientRect().right;
    await expect(beyondTheEdge()).toBe(true);
    scroller.scrollLeft = scroller.scrollWidth;
    await waitFor(() =>
      expect(outcome.getBoundingClientRect().right).toBeLessThanOrEqual(
        scroller.getBoundingClientRect().right + 1,
      ),
    );
  },
};

/** John sees his own refused attempt on Jane's record, and nothing of who else opened it. */
export const OtherPatient: Story = {
  loaders: forJohn.loaders,
  globals: { session: 'john' },
  parameters: { msw: forJohn.msw },
  play: async ({ canvasElement }) => {
    const rows = await rowsIn(canvasElement);
    await expect(rows).toHaveLength(1);
    const row = within(rows[0] as HTMLElement);
    await expect(row.getByText(T.you)).toBeVisible();
    await expect(row.getByText('Refused')).toBeVisible();
    await expect(within(canvasElement).queryByText(/^Doctor/)).toBeNull();
  },
};

/** No one has accessed the records yet. */
export const Empty: Story = {
  globals: { scenario: 'empty' },
  parameters: { msw: { handlers: { scenario: scenario.empty('listAudit') } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(T.empty)).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/** While the access history loads. */
export const Loading: Story = {
  globals: { scenario: 'slow' },
  parameters: { msw: { handlers: { scenario: scenario.slow('listAudit') } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(T.loading);
  },
};

/** The access history failed to load: the server's message and Try again. */
export const ErrorState: Story = {
  name: 'Error',
  globals: { scenario: 'error' },
  parameters: { msw: { handlers: { scenario: scenario.error('listAudit') } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The query client retries a server error once (after about a second) before giving up.
    const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent(DEFAULT_ERROR_MESSAGES.internal);
    await expect(canvas.getByRole('button', { name: T.retry })).toBeVisible();
  },
};
