import { PERMISSION_ALERTS, USER_MANAGEMENT_TEXTS, type ManagedUser } from '@sentinel/domain';
import { DEFAULT_ERROR_MESSAGES, ROUTES } from '@sentinel/domain/contract';
import { bulkUsers, createMockApi, createSignInMockApi, scenario, seed, seedUsers } from '@sentinel/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { UserManagement } from './UserManagement';
import {
  USER_MANAGEMENT_SCREEN_TEXTS as T,
  resetSecondFactorQuestion,
  secondFactorResetMessage,
} from './UserManagement.utils';

const meta = {
  title: 'Screens/UserManagement',
  component: UserManagement,
  globals: { session: 'sam' },
  parameters: { docs: { story: { inline: false, height: '760px' } } },
} satisfies Meta<typeof UserManagement>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Seeded users (packages/mocks fixtures) on the fixed clock, 2026-11-02T14:30Z: 13 people, every status. */
const SEEDED = { total: '13', doctors: '3', patients: '4', active: '9' };

/** Waits for the list, then returns the row of the user with this name. */
async function findRow(canvasElement: HTMLElement, name: string): Promise<HTMLElement> {
  const header = await within(canvasElement).findByRole(
    'rowheader',
    { name: new RegExp(name) },
    { timeout: 5000 },
  );
  const row = header.closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}

/** The e-mail address of each row in the table. */
const rowEmails = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .queryAllByRole('rowheader')
    .map((cell) => within(cell).getByText(/@example\.com$/).textContent);

const tile = (canvasElement: HTMLElement, label: string) =>
  within(canvasElement).getByRole('group', { name: label });

/**
 * REQ-users: subtitle, the four counters, and every seeded user with role, department, status and last login.
 */
export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const jane = await findRow(canvasElement, 'Jane Doe');
    await expect(canvas.getByText(USER_MANAGEMENT_TEXTS.subtitle)).toBeVisible();
    await expect(tile(canvasElement, 'Total Users')).toHaveTextContent(SEEDED.total);
    await expect(tile(canvasElement, 'Doctors')).toHaveTextContent(SEEDED.doctors);
    await expect(tile(canvasElement, 'Patients')).toHaveTextContent(SEEDED.patients);
    await expect(tile(canvasElement, 'Active')).toHaveTextContent(SEEDED.active);
    await expect(canvas.getByPlaceholderText(USER_MANAGEMENT_TEXTS.searchPlaceholder)).toBeVisible();
    await expect(rowEmails(canvasElement)).toHaveLength(13);
    // Department dash, relative last logins and each status badge, in words.
    await expect(within(jane).getByText(USER_MANAGEMENT_TEXTS.emptyDepartment)).toBeVisible();
    await expect(within(jane).getByText('Today')).toBeVisible();
    await expect(within(await findRow(canvasElement, 'John Roe')).getByText('Yesterday')).toBeVisible();
    await expect(
      within(await findRow(canvasElement, 'Dr. Ben Carter')).getByText('3 days ago'),
    ).toBeVisible();
    await expect(within(await findRow(canvasElement, 'Oliver Brown')).getByText('Aug 4, 2026')).toBeVisible();
    await expect(within(await findRow(canvasElement, 'Oliver Brown')).getByText('inactive')).toBeVisible();
    await expect(within(await findRow(canvasElement, 'Maria Garcia')).getByText('suspended')).toBeVisible();
    await expect(within(jane).getByText('active')).toBeVisible();
    await expect(within(jane).getByRole('button', { name: 'Suspend Jane Doe' })).toBeVisible();
    // REQ-users-sign-in: every seeded person has set a password; the roles that need one use an authenticator app.
    await expect(within(jane).getByText(T.signIn.passwordOnly)).toBeVisible();
    await expect(
      within(await findRow(canvasElement, 'Dr. Alice Smith')).getByText('Authenticator app'),
    ).toBeVisible();
    await expect(
      within(await findRow(canvasElement, 'Maria Garcia')).getByRole('button', {
        name: 'Activate Maria Garcia',
      }),
    ).toBeVisible();
  },
};

/** The list call never answers: a labelled spinner. */
export const Loading: Story = {
  globals: { scenario: 'slow' },
  parameters: { msw: { handlers: { scenario: scenario.slow('listUsers') } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(T.loading);
  },
};

/** The list call fails: the server's message and Try again. */
export const ErrorState: Story = {
  name: 'Error',
  globals: { scenario: 'error' },
  parameters: { msw: { handlers: { scenario: scenario.error('listUsers') } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByText(DEFAULT_ERROR_MESSAGES.internal)).toBeVisible(), {
      timeout: 5000,
    });
    await expect(canvas.getByRole('button', { name: T.retry })).toBeVisible();
  },
};

/** No users at all: 'No users found', without the search hint, and zero counters. */
export const Empty: Story = {
  globals: { scenario: 'empty' },
  parameters: { msw: { handlers: { scenario: scenario.empty('listUsers') } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(USER_MANAGEMENT_TEXTS.emptyTitle, {}, { timeout: 5000 }),
    ).toBeVisible();
    await expect(canvas.queryByText(USER_MANAGEMENT_TEXTS.emptySearchHint)).toBeNull();
    await expect(tile(canvasElement, 'Total Users')).toHaveTextContent('0');
  },
};

/** A search that matches nobody: 'No users found' plus 'Try adjusting your search criteria'. */
export const SearchNoResult: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findRow(canvasElement, 'Jane Doe');
    await userEvent.type(canvas.getByRole('searchbox', { name: T.searchLabel }), 'zebra');
    await expect(canvas.getByText(USER_MANAGEMENT_TEXTS.emptyTitle)).toBeVisible();
    await expect(canvas.getByText(USER_MANAGEMENT_TEXTS.emptySearchHint)).toBeVisible();
    // The counters still count everyone.
    await expect(tile(canvasElement, 'Total Users')).toHaveTextContent(SEEDED.total);
  },
};

/** The suspended filter keeps only suspended users, each offering Activate. */
export const FilterSuspended: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findRow(canvasElement, 'Jane Doe');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: T.filterLabel }), 'suspended');
    await expect(rowEmails(canvasElement)).toEqual(['maria.garcia@example.com', 'grace.kim@example.com']);
    await expect(canvas.getByRole('button', { name: 'Activate Grace Kim' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^Suspend / })).toBeNull();
  },
};

/** Add User opens the inline form; department fields appear only for a doctor or an admin. */
export const CreateFormOpen: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findRow(canvasElement, 'Jane Doe');
    await userEvent.click(canvas.getByRole('button', { name: USER_MANAGEMENT_TEXTS.addUser }));
    await expect(canvas.getByRole('heading', { name: USER_MANAGEMENT_TEXTS.createTitle })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: /Email/ })).toHaveAttribute('type', 'email');
    await expect(canvas.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    await expect(canvas.getByRole('combobox', { name: 'Role' })).toHaveValue('patient');
    await expect(canvas.queryByRole('textbox', { name: 'Department' })).toBeNull();
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Role' }), 'doctor');
    await expect(canvas.getByRole('textbox', { name: 'Department' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Specialization' })).toBeVisible();
  },
};

/** The server refuses an empty name and a malformed e-mail: each error sits under its field. */
export const CreateFormInvalid: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findRow(canvasElement, 'Jane Doe');
    await userEvent.click(canvas.getByRole('button', { name: USER_MANAGEMENT_TEXTS.addUser }));
    await userEvent.type(canvas.getByRole('textbox', { name: /Email/ }), 'not-an-email');
    await userEvent.click(canvas.getByRole('button', { name: T.create }));
    const name = canvas.getByRole('textbox', { name: /Name/ });
    const email = canvas.getByRole('textbox', { name: /Email/ });
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(/e-mail/i);
    await expect(name).toHaveFocus();
    await expect(canvas.getByRole('heading', { name: USER_MANAGEMENT_TEXTS.createTitle })).toBeVisible();
  },
};

/**
 * A valid form creates the user: a new active patient row, invited (REQ-users-sign-in) and never signed in; the
 * form closes and the alert region says the invitation went out and for how long its link works.
 */
export const CreateUser: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findRow(canvasElement, 'Jane Doe');
    await userEvent.click(canvas.getByRole('button', { name: USER_MANAGEMENT_TEXTS.addUser }));
    await userEvent.type(canvas.getByRole('textbox', { name: /Name/ }), 'Ada Lovelace');
    await userEvent.type(canvas.getByRole('textbox', { name: /Email/ }), 'ada.lovelace@example.com');
    await userEvent.click(canvas.getByRole('button', { name: T.create }));
    const row = await findRow(canvasElement, 'Ada Lovelace');
    await expect(within(row).getByText('patient')).toBeVisible();
    await expect(within(row).getByText('active')).toBeVisible();
    await expect(within(row).getByText('Invited')).toBeVisible();
    await expect(within(row).getByText('Never')).toBeVisible();
    await expect(
      await canvas.findByText('Invitation sent to ada.lovelace@example.com. The link works for 72 hours.'),
    ).toHaveAttribute('role', 'status');
    await waitFor(() =>
      expect(canvas.queryByRole('heading', { name: USER_MANAGEMENT_TEXTS.createTitle })).toBeNull(),
    );
    await expect(tile(canvasElement, 'Total Users')).toHaveTextContent('14');
  },
};

/** View: created date, last login, the details present, permission chips, and the Edit User note. */
export const ViewModalOpen: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findRow(canvasElement, 'Dr. Alice Smith');
    await userEvent.click(canvas.getByRole('button', { name: 'View Dr. Alice Smith' }));
    const dialog = within(await canvas.findByRole('dialog', { name: 'Dr. Alice Smith' }));
    const detail = (label: string) => dialog.getByText(label).nextElementSibling;
    await expect(detail('Created')).toHaveTextContent('May 16, 2024');
    await expect(detail('Last Login')).toHaveTextContent('Today');
    await expect(detail('License')).toHaveTextContent('MD-000101');
    await expect(detail('Specialization')).toHaveTextContent('Endocrinology, Internal Medicine');
    await expect(dialog.queryByText('Address')).toBeNull();
    const chips = dialog.getByRole('list', { name: 'Permissions' });
    await expect(within(chips).getByText('write:prescriptions')).toBeVisible();
    await expect(within(chips).getAllByRole('listitem')).toHaveLength(7);
    await userEvent.click(dialog.getByRole('button', { name: USER_MANAGEMENT_TEXTS.editUser }));
    await expect(dialog.getByRole('status')).toHaveTextContent(T.editUnavailable);
  },
};

/** REQ-users-suspend: Suspend on an active user turns the badge suspended and the button into Activate. */
export const SuspendBecomesActivate: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const row = await findRow(canvasElement, 'Jane Doe');
    await userEvent.click(within(row).getByRole('button', { name: 'Suspend Jane Doe' }));
    await expect(await within(row).findByRole('button', { name: 'Activate Jane Doe' })).toBeVisible();
    await expect(within(row).getByText('suspended')).toBeVisible();
    await expect(tile(canvasElement, 'Active')).toHaveTextContent('8');
  },
};

/** The server refuses the change: the row rolls back and the refusal shows in the alert region. */
export const SuspendRefusedRollsBack: Story = {
  tags: ['flow'],
  parameters: { msw: { handlers: { scenario: scenario.forbidden('updateUser') } } },
  play: async ({ canvasElement }) => {
    const row = await findRow(canvasElement, 'Jane Doe');
    await userEvent.click(within(row).getByRole('button', { name: 'Suspend Jane Doe' }));
    await waitFor(() =>
      expect(within(canvasElement).getByRole('alert')).toHaveTextContent(PERMISSION_ALERTS.updateUsers),
    );
    await expect(within(row).getByText('active')).toBeVisible();
    await expect(within(row).getByRole('button', { name: 'Suspend Jane Doe' })).toBeVisible();
  },
};

/** REQ-users-delete: Delete asks with the exact sentence; confirming removes the row. */
export const DeleteAsksConfirmation: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = await findRow(canvasElement, 'John Roe');
    await userEvent.click(within(row).getByRole('button', { name: 'Delete John Roe' }));
    const dialog = await canvas.findByRole('alertdialog');
    await expect(dialog).toHaveAccessibleDescription(USER_MANAGEMENT_TEXTS.deleteConfirm);
    await userEvent.click(within(dialog).getByRole('button', { name: USER_MANAGEMENT_TEXTS.delete }));
    await waitFor(() => expect(canvas.queryByRole('rowheader', { name: /John Roe/ })).toBeNull());
    await expect(rowEmails(canvasElement)).toHaveLength(12);
  },
};

/** A doctor has no manage:users: the tab says so and never calls the API. */
export const AccessDeniedForDoctor: Story = {
  globals: { session: 'alice' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(USER_MANAGEMENT_TEXTS.accessDenied)).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/** The session allows it but the server answers 403: the same access-denied sentence. */
export const ServerForbidden: Story = {
  globals: { scenario: 'forbidden' },
  parameters: { msw: { handlers: { scenario: scenario.forbidden('listUsers') } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(USER_MANAGEMENT_TEXTS.accessDenied, {}, { timeout: 5000 }),
    ).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(await findRow(canvasElement, 'Jane Doe')).toBeVisible();
  },
};

/**
 * REQ-users-sign-in: a mock API of its own whose identity provider holds people in every sign-in state
 * (packages/mocks `signInUsers`): Maria Lopez invited an hour ago, Tom Becker's invitation expired yesterday,
 * Ana Silva active but never signed in, Dr. Alice Smith with an authenticator app, Dr. Ben Carter with a
 * passkey, Sam Admin with both. Seeded again before every run.
 */
const signInApi = createSignInMockApi();
const withSignInStates = {
  loaders: [signInApi.seed],
  parameters: { msw: { handlers: { api: signInApi.api.handlers } } },
};

/** The value beside a label in the View dialog's details. */
const detailOf = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

/** Waits for the list, opens a user's View dialog and returns it. */
async function openView(canvasElement: HTMLElement, name: string): Promise<HTMLElement> {
  const canvas = within(canvasElement);
  await findRow(canvasElement, name);
  await userEvent.click(canvas.getByRole('button', { name: `View ${name}` }));
  return canvas.findByRole('dialog', { name });
}

/** The dialog's sign-in section. */
const signInSection = (dialog: HTMLElement) => within(dialog).getByRole('region', { name: T.signIn.heading });

/** Invited an hour ago: 'Invited, Expires in 3 days' in the row; the expiry to the minute and Resend in View. */
export const SignInInvited: Story = {
  ...withSignInStates,
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const row = await findRow(canvasElement, 'Maria Lopez');
    await expect(within(row).getByText('Invited')).toBeVisible();
    await expect(within(row).getByText('Expires in 3 days')).toBeVisible();
    await expect(within(row).getByText('Never')).toBeVisible();
    const section = signInSection(await openView(canvasElement, 'Maria Lopez'));
    await expect(detailOf(section, T.signIn.invitationExpires)).toBe(
      'Nov 5, 2026, 1:30 PM UTC (Expires in 3 days)',
    );
    await expect(within(section).getByRole('button', { name: T.signIn.resend })).toBeEnabled();
    await expect(within(section).queryByRole('button', { name: T.signIn.reset })).toBeNull();
  },
};

/** The invitation ran out yesterday, unused: a caution badge, when it expired, and Resend. */
export const SignInInvitationExpired: Story = {
  ...withSignInStates,
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const row = await findRow(canvasElement, 'Tom Becker');
    await expect(within(row).getByText('Invitation expired')).toBeVisible();
    await expect(within(row).getByText('Expired yesterday')).toBeVisible();
    const section = signInSection(await openView(canvasElement, 'Tom Becker'));
    await expect(detailOf(section, T.signIn.invitationExpired)).toBe('Nov 1, 2026, 2:30 PM UTC');
    await expect(within(section).getByRole('button', { name: T.signIn.resend })).toBeEnabled();
  },
};

/** Signed up with an authenticator app: the factor in words under Status; Active and Reset in View. */
export const SignInAuthenticatorApp: Story = {
  ...withSignInStates,
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const row = await findRow(canvasElement, 'Dr. Alice Smith');
    await expect(within(row).getByText('Authenticator app')).toBeVisible();
    const section = signInSection(await openView(canvasElement, 'Dr. Alice Smith'));
    await expect(detailOf(section, T.signIn.state)).toBe('Active');
    await expect(detailOf(section, T.signIn.secondFactors)).toBe('Authenticator app');
    await expect(within(section).getByRole('button', { name: T.signIn.reset })).toBeEnabled();
    await expect(within(section).queryByRole('button', { name: T.signIn.resend })).toBeNull();
  },
};

/** Active with a passkey instead of the app; Sam Admin's row lists both of his. */
export const SignInPasskey: Story = {
  ...withSignInStates,
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    await expect(
      within(await findRow(canvasElement, 'Sam Admin')).getByText('Authenticator app, Passkey'),
    ).toBeVisible();
    const row = await findRow(canvasElement, 'Dr. Ben Carter');
    await expect(within(row).getByText('Passkey')).toBeVisible();
    const section = signInSection(await openView(canvasElement, 'Dr. Ben Carter'));
    await expect(detailOf(section, T.signIn.secondFactors)).toBe('Passkey');
    await expect(within(section).getByRole('button', { name: T.signIn.reset })).toBeEnabled();
  },
};

/** Set a password, never signed in: Active, Password only, and Last Login 'Never'. */
export const SignInNeverSignedIn: Story = {
  ...withSignInStates,
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const row = await findRow(canvasElement, 'Ana Silva');
    await expect(within(row).getByText('Never')).toBeVisible();
    await expect(within(row).getByText(T.signIn.passwordOnly)).toBeVisible();
    const dialog = await openView(canvasElement, 'Ana Silva');
    await expect(detailOf(dialog, 'Last Login')).toBe('Never');
    await expect(detailOf(dialog, T.signIn.secondFactors)).toBe(T.signIn.notSetUp);
    await expect(within(dialog).queryByRole('button', { name: T.signIn.resend })).toBeNull();
    await expect(within(dialog).queryByRole('button', { name: T.signIn.reset })).toBeNull();
  },
};

/**
 * The identity provider cannot be reached: the API still lists everyone, each with the sign-in state
 * 'unknown' (what packages/service answers then), and offers no sign-in action. An error state, so the list
 * route is overridden.
 */
const unknownSignIn: ManagedUser[] = seedUsers().map((user) => ({
  ...user,
  signIn: { state: 'unknown', secondFactors: [] },
}));
export const SignInUnknown: Story = {
  tags: ['flow'],
  parameters: {
    msw: {
      handlers: {
        scenario: [http.get(ROUTES.listUsers.path, () => HttpResponse.json({ items: unknownSignIn }))],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const row = await findRow(canvasElement, 'Jane Doe');
    await expect(within(row).getByText('Unknown')).toBeVisible();
    await expect(within(row).getByText(T.signIn.unreachable)).toBeVisible();
    const dialog = await openView(canvasElement, 'Dr. Alice Smith');
    await expect(within(dialog).getByText(T.signIn.unknownNote)).toBeVisible();
    await expect(within(dialog).queryByRole('button', { name: T.signIn.reset })).toBeNull();
  },
};

/** Resend invitation: busy while it goes, then the e-mail is out and Tom is Invited again for 72 hours. */
export const ResendInvitationSuccess: Story = {
  ...withSignInStates,
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const dialog = await openView(canvasElement, 'Tom Becker');
    await userEvent.click(within(dialog).getByRole('button', { name: T.signIn.resend }));
    await expect(
      await within(dialog).findByText(
        'Invitation sent to tom.becker@example.com. The link works for 72 hours.',
      ),
    ).toHaveAttribute('role', 'status');
    await expect(detailOf(signInSection(dialog), T.signIn.state)).toBe('Invited');
    await expect(within(dialog).getByRole('button', { name: T.signIn.resend })).toHaveFocus();
    await expect(signInApi.api.mailer.sent.map((mail) => mail.to)).toEqual(['tom.becker@example.com']);
    await expect(
      within(await findRow(canvasElement, 'Tom Becker')).getByText('Expires in 3 days'),
    ).toBeInTheDocument();
  },
};

/** The server fails the resend: its message as an alert in the dialog, and Tom's invitation stays expired. */
export const ResendInvitationFailure: Story = {
  ...withSignInStates,
  tags: ['flow'],
  parameters: {
    msw: {
      handlers: { api: signInApi.api.handlers, scenario: scenario.error('resendInvitation') },
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = await openView(canvasElement, 'Tom Becker');
    await userEvent.click(within(dialog).getByRole('button', { name: T.signIn.resend }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(DEFAULT_ERROR_MESSAGES.internal),
    );
    await expect(detailOf(signInSection(dialog), T.signIn.state)).toBe('Invitation expired');
    await expect(within(dialog).getByRole('button', { name: T.signIn.resend })).toBeEnabled();
  },
};

/** Reset two-step verification asks first, naming the factor that stops working and what happens next. */
export const ResetSecondFactorConfirm: Story = {
  ...withSignInStates,
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const dialog = await openView(canvasElement, 'Dr. Alice Smith');
    await userEvent.click(within(dialog).getByRole('button', { name: T.signIn.reset }));
    const confirm = await within(canvasElement).findByRole('alertdialog', { name: T.signIn.resetTitle });
    await expect(confirm).toHaveAccessibleDescription(resetSecondFactorQuestion('Dr. Alice Smith', ['totp']));
    await expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await expect(signInApi.api.identity.accounts.get(dialogUserId('Dr. Alice Smith'))?.secondFactors).toEqual(
      ['totp'],
    );
  },
};

/** Confirming the reset: the provider drops the factor, and the dialog says they set it up again next time. */
export const ResetSecondFactorDone: Story = {
  ...withSignInStates,
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const dialog = await openView(canvasElement, 'Dr. Alice Smith');
    await userEvent.click(within(dialog).getByRole('button', { name: T.signIn.reset }));
    const confirm = await within(canvasElement).findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: T.signIn.resetConfirm }));
    await expect(
      await within(dialog).findByText(secondFactorResetMessage('Dr. Alice Smith')),
    ).toHaveAttribute('role', 'status');
    await expect(detailOf(signInSection(dialog), T.signIn.secondFactors)).toBe(T.signIn.notSetUp);
    await expect(signInSection(dialog)).toHaveFocus();
    await expect(signInApi.api.identity.accounts.get(dialogUserId('Dr. Alice Smith'))?.secondFactors).toEqual(
      [],
    );
  },
};

/** The id of a seeded user, by name, to read their account at the mock provider. */
function dialogUserId(name: string): string {
  const found = seedUsers().find((user) => user.name === name);
  if (!found) throw new Error(`No seeded user ${name}`);
  return found.id;
}

const TEN_THOUSAND = 10_000;
/** A mock API of its own whose store holds 10,000 users (the default one keeps the 13 seeded people). */
const bulkApi = createMockApi({ seed: { ...seed(), users: bulkUsers(TEN_THOUSAND) } });
const withTenThousandUsers = {
  loaders: [
    async () => {
      bulkApi.reset();
      return {};
    },
  ],
  parameters: { msw: { handlers: { api: bulkApi.handlers } } },
};

/** Data rows in the DOM (the spacer rows that stand in for the others are hidden from assistive technology). */
const renderedRows = (canvasElement: HTMLElement) =>
  canvasElement.querySelectorAll('tbody tr:not([aria-hidden="true"])').length;

/**
 * 10,000 users (REQ-perf-rows budget: at most 60 rows in the DOM): the table renders only the rows in view and tells
 * assistive technology the full count. The play only reads, so this story is also what the ui-rows bench types
 * into (tests/bench/src/uiRows.ts).
 */
export const TenThousandUsers: Story = {
  ...withTenThousandUsers,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: T.tableCaption }, { timeout: 10_000 });
    await expect(table).toHaveAttribute('aria-rowcount', String(TEN_THOUSAND + 1));
    await expect(tile(canvasElement, 'Total Users')).toHaveTextContent(String(TEN_THOUSAND));
    await expect(renderedRows(canvasElement)).toBeLessThanOrEqual(60);
    await expect(within(table).getAllByRole('rowheader')[0]).toHaveTextContent('Jane Doe');
  },
};

/** Searching 10,000 users narrows the table to the matches at once, still with a window of rows. */
export const TenThousandUsersSearch: Story = {
  tags: ['flow'],
  ...withTenThousandUsers,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: T.tableCaption }, { timeout: 10_000 });
    await expect(table).toHaveAttribute('aria-rowcount', String(TEN_THOUSAND + 1));
    await userEvent.type(canvas.getByRole('searchbox', { name: T.searchLabel }), 'okafor');
    await waitFor(() => expect(Number(table.getAttribute('aria-rowcount'))).toBeLessThan(TEN_THOUSAND / 5));
    const names = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent ?? '');
    await expect(names.length).toBeGreaterThan(0);
    await expect(names.every((name) => /okafor/i.test(name))).toBe(true);
    await expect(renderedRows(canvasElement)).toBeLessThanOrEqual(60);
  },
};

/**
 * Keyboard through 10,000 users: Tab walks the row actions down past the rows first rendered (each focused
 * row scrolls into view and the rows below it appear), and the focused row stays when the table is scrolled
 * away from it, so Shift+Tab goes on from where focus was.
 */
export const TenThousandUsersKeyboard: Story = {
  tags: ['flow'],
  ...withTenThousandUsers,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: T.tableCaption }, { timeout: 10_000 });
    canvas.getByRole('button', { name: 'View Jane Doe' }).focus();
    // Three actions a row: 40 rows down.
    for (let i = 0; i < 120; i += 1) await userEvent.tab();
    const focused = document.activeElement as HTMLElement;
    const row = focused.closest('tr');
    await expect(focused.tagName).toBe('BUTTON');
    await expect(row).toHaveAttribute('aria-rowindex', '42');
    await expect(focused).toHaveAccessibleName(/^View /);
    await expect(renderedRows(canvasElement)).toBeLessThanOrEqual(60);
    const region = canvas.getByRole('region', { name: T.tableCaption });
    region.scrollTop = 0;
    await waitFor(() => expect(within(table).getByRole('rowheader', { name: /Jane Doe/ })).toBeVisible());
    await expect(focused).toHaveFocus();
    await expect(focused.isConnected).toBe(true);
    await userEvent.tab({ shift: true });
    await expect(document.activeElement?.closest('tr')).toHaveAttribute('aria-rowindex', '41');
    await expect(document.activeElement).toHaveAccessibleName(/^Delete /);
  },
};
