import {
  ADMIN_GUARD_MESSAGES,
  PERMISSION_ALERTS,
  USER_FILTERS,
  USER_MANAGEMENT_TEXTS,
  buildCurrentUser,
  type ManagedUser,
} from '@sentinel/domain';
import {
  FIXED_NOW,
  PERSONAS,
  claimsFor,
  createMockApi,
  createScenarios,
  createSignInMockApi,
  mockTokenFor,
  seedUsers,
  signInUsers,
  type PersonaKey,
} from '@sentinel/mocks';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertProvider, AlertRegion } from '../AlertRegion/AlertRegion';
import { ApiProvider, createQueryClient } from '../api/ApiProvider';
import { createApiClient, type ApiClient } from '../api/client';
import { ClockProvider } from '../clock/ClockProvider';
import { SessionProvider, type Session } from '../session/SessionProvider';
import { UserManagement, UserManagementScreen, type UserManagementScreenProps } from './UserManagement';
import type { CreateUserOutcome, SignInActionOutcome } from './UserManagement.data';
import {
  USER_MANAGEMENT_SCREEN_TEXTS as T,
  resetSecondFactorQuestion,
  secondFactorResetMessage,
} from './UserManagement.utils';

const BASE_URL = 'http://localhost';
const scenarioFor = createScenarios({ baseUrl: BASE_URL });
const CLOCK = { now: () => new Date(FIXED_NOW), locale: 'en-US', timeZone: 'UTC' };

function renderScreen(props: Partial<UserManagementScreenProps> = {}) {
  const handlers = {
    onCreate: vi.fn<UserManagementScreenProps['onCreate']>(async (): Promise<CreateUserOutcome> => ({
      ok: true,
      user: seedUsers()[0]!,
    })),
    onChangeStatus: vi.fn<UserManagementScreenProps['onChangeStatus']>(),
    onDelete: vi.fn<UserManagementScreenProps['onDelete']>(),
    onRetry: vi.fn(),
    onResendInvitation: vi.fn<UserManagementScreenProps['onResendInvitation']>(async () => ({ ok: true })),
    onResetSecondFactor: vi.fn<UserManagementScreenProps['onResetSecondFactor']>(async () => ({ ok: true })),
  };
  render(
    <ClockProvider clock={CLOCK}>
      <UserManagementScreen canManage users={seedUsers()} {...handlers} {...props} />
    </ClockProvider>,
  );
  return { ...handlers, user: userEvent.setup() };
}

const byName = (name: string): ManagedUser => {
  const found = seedUsers().find((u) => u.name === name);
  if (!found) throw new Error(name);
  return found;
};

/** The table row named by a user's name (the User cell is the row header). */
const rowOf = (name: string) => {
  const header = screen.getByRole('rowheader', { name: new RegExp(name) });
  const row = header.closest('tr');
  if (!row) throw new Error(name);
  return row;
};

/** The e-mail address of each row in the table, top to bottom. */
const dataRowEmails = () =>
  screen.queryAllByRole('rowheader').map((cell) => within(cell).getByText(/@example\.com$/).textContent);

const tileValue = (label: string) =>
  screen.getByRole('group', { name: label }).textContent?.replace(label, '');

describe('UserManagementScreen', () => {
  it('shows the subtitle and counts Total Users, Doctors, Patients and Active over every user', () => {
    renderScreen();
    expect(screen.getByText(USER_MANAGEMENT_TEXTS.subtitle)).toBeTruthy();
    // Seed: 13 users; doctors Alice, Ben, Priya; patients Jane, John, Maria, Oliver; 4 not active.
    expect(tileValue('Total Users')).toBe('13');
    expect(tileValue('Doctors')).toBe('3');
    expect(tileValue('Patients')).toBe('4');
    expect(tileValue('Active')).toBe('9');
  });

  it('lists every user with role, a dash for an empty department, a status badge in words and a relative last login', () => {
    renderScreen();
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual([...USER_MANAGEMENT_TEXTS.columns]);
    expect(dataRowEmails()).toHaveLength(13);
    const jane = within(rowOf('Jane Doe'));
    expect(jane.getByText('jane.doe@example.com')).toBeTruthy();
    expect(jane.getByText(USER_MANAGEMENT_TEXTS.emptyDepartment)).toBeTruthy();
    expect(jane.getByText('active')).toBeTruthy();
    expect(jane.getByText('Today')).toBeTruthy();
    expect(within(rowOf('John Roe')).getByText('Yesterday')).toBeTruthy();
    expect(within(rowOf('Dr. Ben Carter')).getByText('3 days ago')).toBeTruthy();
    expect(within(rowOf('Dr. Ben Carter')).getByText('Cardiology')).toBeTruthy();
    expect(within(rowOf('Oliver Brown')).getByText('Aug 4, 2026')).toBeTruthy();
    expect(within(rowOf('Maria Garcia')).getByText('suspended')).toBeTruthy();
    expect(within(rowOf('Oliver Brown')).getByText('inactive')).toBeTruthy();
  });

  it('shows initials for a user without a picture and the picture when there is one', () => {
    const pictured = { ...byName('Jane Doe'), avatar: 'https://example.com/jane.png' };
    renderScreen({ users: [pictured, byName('John Roe')] });
    expect(rowOf('Jane Doe').querySelector('img')?.getAttribute('src')).toBe('https://example.com/jane.png');
    expect(within(rowOf('John Roe')).getByText('JR')).toBeTruthy();
  });

  it('narrows the table by the search text over name, e-mail, department and role', async () => {
    const { user } = renderScreen();
    await user.type(screen.getByRole('searchbox', { name: T.searchLabel }), 'cardio');
    expect(dataRowEmails()).toEqual(['dr.ben.carter@example.com']);
    expect(screen.getByPlaceholderText(USER_MANAGEMENT_TEXTS.searchPlaceholder)).toBeTruthy();
  });

  it('says No users found and suggests adjusting the search when a search matches nobody', async () => {
    const { user } = renderScreen();
    await user.type(screen.getByRole('searchbox', { name: T.searchLabel }), 'zebra');
    expect(screen.getByText(USER_MANAGEMENT_TEXTS.emptyTitle)).toBeTruthy();
    expect(screen.getByText(USER_MANAGEMENT_TEXTS.emptySearchHint)).toBeTruthy();
  });

  it('says only No users found, without the search hint, when there are no users and no search', () => {
    renderScreen({ users: [] });
    expect(screen.getByText(USER_MANAGEMENT_TEXTS.emptyTitle)).toBeTruthy();
    expect(screen.queryByText(USER_MANAGEMENT_TEXTS.emptySearchHint)).toBeNull();
    expect(tileValue('Total Users')).toBe('0');
  });

  it('offers the filters all, admin, doctor, patient, active, inactive, suspended (labelled in words) and filters by role or status', async () => {
    const { user } = renderScreen();
    const filter = screen.getByRole('combobox', { name: T.filterLabel });
    const options = within(filter).getAllByRole('option');
    expect(options.map((o) => o.getAttribute('value'))).toEqual([...USER_FILTERS]);
    expect(options.map((o) => o.textContent)).toEqual([
      'All Users',
      'Admin',
      'Doctor',
      'Patient',
      'Active',
      'Inactive',
      'Suspended',
    ]);
    await user.selectOptions(filter, 'suspended');
    expect(dataRowEmails()).toEqual(['maria.garcia@example.com', 'grace.kim@example.com']);
    await user.selectOptions(filter, 'admin');
    expect(dataRowEmails()).toEqual(['sam.admin@example.com']);
  });

  it('offers Suspend on an active user and Activate on a suspended or inactive one, naming the user', async () => {
    const { user, onChangeStatus } = renderScreen();
    await user.click(screen.getByRole('button', { name: 'Suspend Jane Doe' }));
    expect(onChangeStatus).toHaveBeenCalledWith(byName('Jane Doe'), 'suspend');
    expect(screen.queryByRole('button', { name: 'Activate Jane Doe' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Activate Maria Garcia' }));
    expect(onChangeStatus).toHaveBeenLastCalledWith(byName('Maria Garcia'), 'activate');
    expect(screen.getByRole('button', { name: 'Activate Oliver Brown' })).toBeTruthy();
  });

  it('asks for confirmation with the spec text before deleting, and deletes nothing on Cancel', async () => {
    const { user, onDelete } = renderScreen();
    await user.click(screen.getByRole('button', { name: 'Delete John Roe' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText(USER_MANAGEMENT_TEXTS.deleteConfirm)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onDelete).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Delete John Roe' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: USER_MANAGEMENT_TEXTS.delete }),
    );
    expect(onDelete).toHaveBeenCalledWith(byName('John Roe'));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it('opens the inline Create New User form on Add User with the role defaulting to patient', async () => {
    const { user } = renderScreen();
    expect(screen.queryByRole('heading', { name: USER_MANAGEMENT_TEXTS.createTitle })).toBeNull();
    await user.click(screen.getByRole('button', { name: USER_MANAGEMENT_TEXTS.addUser }));
    expect(screen.getByRole('heading', { name: USER_MANAGEMENT_TEXTS.createTitle })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Email/ }).getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Phone').getAttribute('type')).toBe('tel');
    const role = screen.getByRole('combobox', { name: 'Role' }) as HTMLSelectElement;
    expect(role.value).toBe('patient');
    expect(within(role).getByRole('option', { name: 'Lab Tech' }).getAttribute('value')).toBe('lab_tech');
    expect(within(role).queryByRole('option', { name: 'lab_tech' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Name/ }));
  });

  it('shows Department and Specialization only while the role is doctor or admin', async () => {
    const { user } = renderScreen();
    await user.click(screen.getByRole('button', { name: USER_MANAGEMENT_TEXTS.addUser }));
    const role = screen.getByRole('combobox', { name: 'Role' });
    expect(screen.queryByRole('textbox', { name: 'Department' })).toBeNull();
    await user.selectOptions(role, 'doctor');
    expect(screen.getByRole('textbox', { name: 'Department' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Specialization' })).toBeTruthy();
    await user.selectOptions(role, 'nurse');
    expect(screen.queryByRole('textbox', { name: 'Department' })).toBeNull();
    await user.selectOptions(role, 'admin');
    expect(screen.getByRole('textbox', { name: 'Specialization' })).toBeTruthy();
  });

  it('sends the form, leaving out department fields typed for a role that has none, and closes it on success', async () => {
    const { user, onCreate } = renderScreen();
    await user.click(screen.getByRole('button', { name: USER_MANAGEMENT_TEXTS.addUser }));
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Ada Lovelace');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@example.com');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'doctor');
    await user.type(screen.getByRole('textbox', { name: 'Department' }), 'Cardiology');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'patient');
    await user.type(screen.getByLabelText('Phone'), '+1 555-0199');
    await user.click(screen.getByRole('button', { name: T.create }));
    expect(onCreate).toHaveBeenCalledWith({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      role: 'patient',
      phone: '+1 555-0199',
      department: '',
      specialization: '',
    });
    expect(screen.queryByRole('heading', { name: USER_MANAGEMENT_TEXTS.createTitle })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: USER_MANAGEMENT_TEXTS.addUser }));
  });

  it('shows the server field errors beside their fields, marks them invalid and focuses the first', async () => {
    const onCreate = vi.fn(async (): Promise<CreateUserOutcome> => ({
      ok: false,
      error: {
        message: 'Invalid request body',
        fields: { name: 'Name is required', email: 'Invalid email address' },
      },
    }));
    const { user } = renderScreen({ onCreate });
    await user.click(screen.getByRole('button', { name: USER_MANAGEMENT_TEXTS.addUser }));
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: T.create }));
    const name = screen.getByRole('textbox', { name: /Name/ });
    const email = screen.getByRole('textbox', { name: /Email/ });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Invalid email address',
    );
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Name is required',
    );
    expect(document.activeElement).toBe(name);
    expect(screen.getByRole('heading', { name: USER_MANAGEMENT_TEXTS.createTitle })).toBeTruthy();
  });

  it('shows a refusal without field errors (a duplicate e-mail) above the form buttons', async () => {
    const onCreate = vi.fn(async (): Promise<CreateUserOutcome> => ({
      ok: false,
      error: { message: 'A user with this e-mail address already exists.' },
    }));
    const { user } = renderScreen({ onCreate });
    await user.click(screen.getByRole('button', { name: USER_MANAGEMENT_TEXTS.addUser }));
    await user.click(screen.getByRole('button', { name: T.create }));
    expect(screen.getByRole('alert').textContent).toBe('A user with this e-mail address already exists.');
  });

  it('closes the form on Cancel without sending anything', async () => {
    const { user, onCreate } = renderScreen();
    await user.click(screen.getByRole('button', { name: USER_MANAGEMENT_TEXTS.addUser }));
    await user.click(screen.getByRole('button', { name: T.cancel }));
    expect(onCreate).not.toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: USER_MANAGEMENT_TEXTS.createTitle })).toBeNull();
  });

  it('shows a user in the View dialog with created date, last login, the details present and permission chips', async () => {
    const { user } = renderScreen();
    await user.click(screen.getByRole('button', { name: 'View Dr. Alice Smith' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Dr. Alice Smith' }));
    const detail = (label: string) => dialog.getByText(label).nextElementSibling?.textContent;
    expect(detail('Email')).toBe('dr.alice.smith@example.com');
    expect(detail('Role')).toBe('doctor');
    expect(detail('Status')).toBe('active');
    expect(detail('Created')).toBe('May 16, 2024');
    expect(detail('Last Login')).toBe('Today');
    expect(detail('Phone')).toBe('+1 555-0111');
    expect(detail('Department')).toBe('Endocrinology');
    expect(detail('Specialization')).toBe('Endocrinology, Internal Medicine');
    expect(detail('License')).toBe('MD-000101');
    expect(dialog.queryByText('Address')).toBeNull();
    const chips = dialog.getByRole('list', { name: 'Permissions' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(byName('Dr. Alice Smith').permissions);
  });

  it('answers Edit User with a note that editing is not available yet, and closes on Close', async () => {
    const { user } = renderScreen();
    await user.click(screen.getByRole('button', { name: 'View Maria Garcia' }));
    const dialog = screen.getByRole('dialog', { name: 'Maria Garcia' });
    expect(within(dialog).getByText('7 Birch Lane, Springfield, IL 62702')).toBeTruthy();
    expect(within(dialog).queryByText('License')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: USER_MANAGEMENT_TEXTS.editUser }));
    expect(within(dialog).getByRole('status').textContent).toBe(T.editUnavailable);
    const closeButtons = within(dialog).getAllByRole('button', { name: USER_MANAGEMENT_TEXTS.close });
    await user.click(closeButtons[closeButtons.length - 1]!);
    expect(screen.queryByRole('dialog', { name: 'Maria Garcia' })).toBeNull();
  });

  it('shows only the access-denied sentence to a user without manage:users', () => {
    renderScreen({ canManage: false });
    expect(screen.getByRole('alert').textContent).toBe(USER_MANAGEMENT_TEXTS.accessDenied);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: USER_MANAGEMENT_TEXTS.addUser })).toBeNull();
  });

  it('shows the access-denied sentence when the server refuses the list even though the session allowed it', () => {
    renderScreen({ forbidden: true, users: [] });
    expect(screen.getByRole('alert').textContent).toBe(USER_MANAGEMENT_TEXTS.accessDenied);
    expect(screen.queryByText(USER_MANAGEMENT_TEXTS.emptyTitle)).toBeNull();
  });

  it('shows a labelled spinner while loading, and no table', () => {
    renderScreen({ loading: true, users: [] });
    expect(screen.getByRole('status').textContent).toBe(T.loading);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the load error with a Try again button that retries', async () => {
    const { user, onRetry } = renderScreen({
      error: 'Something went wrong on our side. Please try again later.',
      users: [],
    });
    expect(screen.getByRole('alert').textContent).toBe(
      'Something went wrong on our side. Please try again later.',
    );
    await user.click(screen.getByRole('button', { name: T.retry }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('UserManagementScreen: sign-in state and actions (REQ-users-sign-in)', () => {
  const signInByName = (name: string): ManagedUser => {
    const found = signInUsers().find((u) => u.name === name);
    if (!found) throw new Error(name);
    return found;
  };
  const renderSignIn = (props: Partial<UserManagementScreenProps> = {}) =>
    renderScreen({ users: signInUsers(), ...props });
  const openView = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
    await user.click(screen.getByRole('button', { name: `View ${name}` }));
    return within(screen.getByRole('dialog', { name }));
  };
  const detailOf = (dialog: ReturnType<typeof within>, label: string) =>
    dialog.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

  /** The Status cell of a user's row: the status badge, then the sign-in part. */
  const statusCellOf = (name: string) => {
    const index = screen
      .getAllByRole('columnheader')
      .findIndex((th) => th.textContent === USER_MANAGEMENT_TEXTS.columns[3]);
    const cell = rowOf(name).children[index];
    if (!(cell instanceof HTMLElement)) throw new Error(name);
    return cell;
  };

  it('shows under Status the sign-in states that need the admin as badges in words, with when the invitation expires', () => {
    renderSignIn();
    expect(statusCellOf('Maria Lopez').textContent).toBe(
      `active${T.signIn.cellLabel}InvitedExpires in 3 days`,
    );
    expect(statusCellOf('Tom Becker').textContent).toBe(
      `active${T.signIn.cellLabel}Invitation expiredExpired yesterday`,
    );
    expect(within(rowOf('Maria Lopez')).getByText('Never')).toBeTruthy();
  });

  it('shows how a signed-up user signs in (their second factors, or Password only) without a second active badge', () => {
    renderSignIn();
    expect(statusCellOf('Dr. Alice Smith').textContent).toBe(`active${T.signIn.cellLabel}Authenticator app`);
    expect(statusCellOf('Dr. Ben Carter').textContent).toBe(`active${T.signIn.cellLabel}Passkey`);
    expect(statusCellOf('Sam Admin').textContent).toBe(
      `active${T.signIn.cellLabel}Authenticator app, Passkey`,
    );
    expect(statusCellOf('Jane Doe').textContent).toBe(`active${T.signIn.cellLabel}${T.signIn.passwordOnly}`);
    expect(within(statusCellOf('Jane Doe')).queryByText('Active')).toBeNull();
    // Never signed in, though a password is set.
    expect(within(rowOf('Ana Silva')).getByText('Never')).toBeTruthy();
    expect(within(rowOf('Jane Doe')).getByText('Today').tagName).toBe('TIME');
  });

  it('says when the provider has no account for a user, and Unknown when the provider could not be asked', () => {
    const unknown: ManagedUser = { ...byName('John Roe'), signIn: { state: 'unknown', secondFactors: [] } };
    renderScreen({ users: [byName('Jane Doe'), unknown] });
    expect(statusCellOf('Jane Doe').textContent).toBe(`active${T.signIn.cellLabel}${T.signIn.none}`);
    expect(statusCellOf('John Roe').textContent).toBe(
      `active${T.signIn.cellLabel}Unknown${T.signIn.unreachable}`,
    );
  });

  it('shows an invited user’s state, the expiry to the minute and Resend invitation in the View dialog', async () => {
    const { user } = renderSignIn();
    const dialog = await openView(user, 'Maria Lopez');
    const section = within(dialog.getByRole('region', { name: T.signIn.heading }));
    expect(detailOf(section, T.signIn.state)).toBe('Invited');
    expect(detailOf(section, T.signIn.invitationExpires)).toBe(
      'Nov 5, 2026, 1:30 PM UTC (Expires in 3 days)',
    );
    expect(detailOf(dialog, 'Last Login')).toBe('Never');
    expect(section.getByRole('button', { name: T.signIn.resend })).toBeTruthy();
    expect(section.queryByRole('button', { name: T.signIn.reset })).toBeNull();
  });

  it('shows the second factors and Reset two-step verification, not Resend, for an active user', async () => {
    const { user } = renderSignIn();
    const dialog = await openView(user, 'Sam Admin');
    expect(detailOf(dialog, T.signIn.secondFactors)).toBe('Authenticator app, Passkey');
    expect(dialog.getByRole('button', { name: T.signIn.reset })).toBeTruthy();
    expect(dialog.queryByRole('button', { name: T.signIn.resend })).toBeNull();
  });

  it('offers no sign-in action and says why the state is unknown when the provider could not be asked', async () => {
    const unknown: ManagedUser = { ...byName('John Roe'), signIn: { state: 'unknown', secondFactors: [] } };
    const { user } = renderScreen({ users: [unknown] });
    const dialog = await openView(user, 'John Roe');
    expect(dialog.getByText(T.signIn.unknownNote)).toBeTruthy();
    expect(dialog.queryByRole('button', { name: T.signIn.resend })).toBeNull();
    expect(dialog.queryByRole('button', { name: T.signIn.reset })).toBeNull();
  });

  it('offers no Resend to a suspended user awaiting an invitation, and says to activate them first', async () => {
    const suspended: ManagedUser = { ...signInByName('Maria Lopez'), status: 'suspended' };
    const { user } = renderScreen({ users: [suspended] });
    const dialog = await openView(user, 'Maria Lopez');
    expect(dialog.getByText(T.signIn.activateToResend)).toBeTruthy();
    expect(dialog.queryByRole('button', { name: T.signIn.resend })).toBeNull();
  });

  it('says in the View dialog when the provider has no account for the user, and offers no action', async () => {
    const { user } = renderScreen({ users: [byName('Jane Doe')] });
    const dialog = await openView(user, 'Jane Doe');
    expect(dialog.getByText(T.signIn.noAccountNote)).toBeTruthy();
    expect(dialog.queryByRole('button', { name: T.signIn.resend })).toBeNull();
    expect(dialog.queryByRole('button', { name: T.signIn.reset })).toBeNull();
  });

  it('resends an invitation, busy and disabled while it is on its way, then says to whom and for how long', async () => {
    let answer: (outcome: SignInActionOutcome) => void = () => undefined;
    const onResendInvitation = vi.fn(() => new Promise<SignInActionOutcome>((resolve) => (answer = resolve)));
    const { user } = renderSignIn({ onResendInvitation });
    const dialog = await openView(user, 'Tom Becker');
    const resend = dialog.getByRole('button', { name: T.signIn.resend });
    await user.click(resend);
    expect(onResendInvitation).toHaveBeenCalledWith(signInByName('Tom Becker'));
    expect(resend.getAttribute('aria-busy')).toBe('true');
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    expect(onResendInvitation).toHaveBeenCalledTimes(1);

    const invited: ManagedUser = {
      ...signInByName('Tom Becker'),
      signIn: { state: 'invited', secondFactors: [], invitationExpires: '2026-11-05T14:30:00.000Z' },
    };
    answer({ ok: true, user: invited });
    await waitFor(() =>
      expect(dialog.getByRole('status').textContent).toBe(
        'Invitation sent to tom.becker@example.com. The link works for 72 hours.',
      ),
    );
    expect(resend.getAttribute('aria-busy')).toBeNull();
    expect(document.activeElement).toBe(resend);
  });

  it('shows the server’s refusal of a resend as an alert in the dialog, and clears it when the dialog closes', async () => {
    const onResendInvitation = vi.fn(async (): Promise<SignInActionOutcome> => ({
      ok: false,
      message: PERMISSION_ALERTS.updateUsers,
    }));
    const { user } = renderSignIn({ onResendInvitation });
    const dialog = await openView(user, 'Maria Lopez');
    await user.click(dialog.getByRole('button', { name: T.signIn.resend }));
    expect(dialog.getByRole('alert').textContent).toBe(PERMISSION_ALERTS.updateUsers);
    const closeButtons = dialog.getAllByRole('button', { name: USER_MANAGEMENT_TEXTS.close });
    await user.click(closeButtons[closeButtons.length - 1]!);
    const again = await openView(user, 'Maria Lopez');
    expect(again.queryByRole('alert')).toBeNull();
  });

  it('asks before resetting two-step verification, and resets nothing on Cancel', async () => {
    const { user, onResetSecondFactor } = renderSignIn();
    const dialog = await openView(user, 'Dr. Alice Smith');
    await user.click(dialog.getByRole('button', { name: T.signIn.reset }));
    const confirm = screen.getByRole('alertdialog', { name: T.signIn.resetTitle });
    expect(within(confirm).getByText(resetSecondFactorQuestion('Dr. Alice Smith', ['totp']))).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(onResetSecondFactor).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(dialog.getByRole('button', { name: T.signIn.reset }));
  });

  it('resets after the confirmation, busy until the server answers, then says what happens next', async () => {
    let answer: (outcome: SignInActionOutcome) => void = () => undefined;
    const onResetSecondFactor = vi.fn(
      () => new Promise<SignInActionOutcome>((resolve) => (answer = resolve)),
    );
    const { user } = renderSignIn({ onResetSecondFactor });
    const dialog = await openView(user, 'Dr. Alice Smith');
    await user.click(dialog.getByRole('button', { name: T.signIn.reset }));
    const confirm = screen.getByRole('alertdialog');
    const confirmButton = within(confirm).getByRole('button', { name: T.signIn.resetConfirm });
    await user.click(confirmButton);
    expect(onResetSecondFactor).toHaveBeenCalledWith(signInByName('Dr. Alice Smith'));
    expect(confirmButton.getAttribute('aria-busy')).toBe('true');
    expect(dialog.getByRole('button', { name: T.signIn.reset }).getAttribute('aria-busy')).toBe('true');
    answer({ ok: true });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(dialog.getByRole('status').textContent).toBe(secondFactorResetMessage('Dr. Alice Smith'));
  });

  it('shows a failed reset in the dialog, as an alert', async () => {
    const onResetSecondFactor = vi.fn(async (): Promise<SignInActionOutcome> => ({
      ok: false,
      message: 'The sign-in service could not be reached.',
    }));
    const { user } = renderSignIn({ onResetSecondFactor });
    const dialog = await openView(user, 'Dr. Ben Carter');
    await user.click(dialog.getByRole('button', { name: T.signIn.reset }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: T.signIn.resetConfirm }),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(dialog.getByRole('alert').textContent).toBe('The sign-in service could not be reached.');
  });

  it('tells the admin in the Create New User form that the person will get an e-mail invitation', async () => {
    const { user } = renderScreen();
    await user.click(screen.getByRole('button', { name: USER_MANAGEMENT_TEXTS.addUser }));
    expect(screen.getByText(T.invitationHint)).toBeTruthy();
  });
});

describe('UserManagement (connected to the mock API)', () => {
  const api = createMockApi({ baseUrl: BASE_URL });
  const server = setupServer(...api.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => api.reset());
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  function renderConnected(who: PersonaKey) {
    const built = buildCurrentUser(claimsFor(PERSONAS[who]));
    if (!built.ok) throw new Error(built.error.message);
    const session: Session = { status: 'signedIn', user: built.value, mfa: false, logout: () => undefined };
    const real = createApiClient({ baseUrl: BASE_URL, getAccessToken: async () => mockTokenFor(who) });
    // Every request the screen makes, recorded as it is asked for (before any network: nothing to wait on).
    const calls: string[] = [];
    const client: ApiClient = {
      call: (name, input) => {
        calls.push(name);
        return real.call(name, input);
      },
      streamChat: (body, signal) => real.streamChat(body, signal),
    };
    render(
      <ClockProvider clock={CLOCK}>
        <SessionProvider session={session}>
          <ApiProvider client={client} queryClient={createQueryClient()}>
            <AlertProvider>
              <AlertRegion />
              <UserManagement />
            </AlertProvider>
          </ApiProvider>
        </SessionProvider>
      </ClockProvider>,
    );
    return { user: userEvent.setup(), calls };
  }

  it('lists the users for an admin', async () => {
    renderConnected('sam');
    expect(await screen.findByRole('rowheader', { name: /Jane Doe/ })).toBeTruthy();
    expect(dataRowEmails()).toHaveLength(api.store.users.length);
  });

  it('never asks the server for users when the session lacks manage:users', () => {
    const { calls } = renderConnected('alice');
    expect(screen.getByRole('alert').textContent).toBe(USER_MANAGEMENT_TEXTS.accessDenied);
    // render() has run the effects, where a query starts its request: none was asked for, so none comes later.
    expect(calls).toEqual([]);
  });

  it('closes the tab when the server answers 403 to the list', async () => {
    server.use(...scenarioFor.forbidden('listUsers'));
    renderConnected('sam');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(USER_MANAGEMENT_TEXTS.accessDenied),
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('suspends a user at once and keeps it when the server agrees', async () => {
    const { user } = renderConnected('sam');
    await user.click(await screen.findByRole('button', { name: 'Suspend Jane Doe' }));
    expect(within(rowOf('Jane Doe')).getByText('suspended')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Activate Jane Doe' })).toBeTruthy();
    await waitFor(() => expect(api.store.users.find((u) => u.name === 'Jane Doe')?.status).toBe('suspended'));
  });

  it('rolls a suspend back and shows the server message when the server refuses', async () => {
    server.use(...scenarioFor.forbidden('updateUser'));
    const { user } = renderConnected('sam');
    await user.click(await screen.findByRole('button', { name: 'Suspend Jane Doe' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(PERMISSION_ALERTS.updateUsers));
    expect(within(rowOf('Jane Doe')).getByText('active')).toBeTruthy();
    expect(api.store.users.find((u) => u.name === 'Jane Doe')?.status).toBe('active');
  });

  it('puts Sam back to active and shows the server’s reason when he suspends himself (REQ-users-self)', async () => {
    const { user } = renderConnected('sam');
    await user.click(await screen.findByRole('button', { name: 'Suspend Sam Admin' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(ADMIN_GUARD_MESSAGES.selfSuspend));
    expect(within(rowOf('Sam Admin')).getByText('active')).toBeTruthy();
    expect(api.store.users.find((u) => u.name === 'Sam Admin')?.status).toBe('active');
  });

  it('deletes a confirmed user, and puts the row back when the server refuses', async () => {
    const { user } = renderConnected('sam');
    await user.click(await screen.findByRole('button', { name: 'Delete John Roe' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: USER_MANAGEMENT_TEXTS.delete }),
    );
    expect(screen.queryByRole('rowheader', { name: /John Roe/ })).toBeNull();
    await waitFor(() => expect(api.store.users.some((u) => u.name === 'John Roe')).toBe(false));

    // Sam cannot delete his own account (domain canDeleteUser): the row comes back with the reason.
    await user.click(screen.getByRole('button', { name: 'Delete Sam Admin' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: USER_MANAGEMENT_TEXTS.delete }),
    );
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('You cannot delete your own account.'),
    );
    expect(screen.getByRole('rowheader', { name: /Sam Admin/ })).toBeTruthy();
  });

  it('creates a user through the server and shows its field errors for an invalid form', async () => {
    const { user } = renderConnected('sam');
    await user.click(await screen.findByRole('button', { name: USER_MANAGEMENT_TEXTS.addUser }));
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: T.create }));
    const email = screen.getByRole('textbox', { name: /Email/ });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('textbox', { name: /Name/ }).getAttribute('aria-invalid')).toBe('true');

    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Ada Lovelace');
    await user.clear(email);
    await user.type(email, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: T.create }));
    expect(await screen.findByRole('rowheader', { name: /Ada Lovelace/ })).toBeTruthy();
    expect(within(rowOf('Ada Lovelace')).getByText('patient')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: USER_MANAGEMENT_TEXTS.createTitle })).toBeNull();
  });
  describe('sign-in (REQ-users-sign-in), on a provider holding invited, expired and enrolled accounts', () => {
    const signIn = createSignInMockApi({ baseUrl: BASE_URL });
    beforeEach(async () => {
      await signIn.seed();
      server.use(...signIn.api.handlers);
    });
    const viewDialog = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
      await user.click(await screen.findByRole('button', { name: `View ${name}` }));
      return within(screen.getByRole('dialog', { name }));
    };

    it('resends an expired invitation: the e-mail goes out, and the row and the dialog say Invited', async () => {
      const { user } = renderConnected('sam');
      await screen.findByRole('rowheader', { name: /Tom Becker/ });
      expect(within(rowOf('Tom Becker')).getByText('Invitation expired')).toBeTruthy();
      const dialog = await viewDialog(user, 'Tom Becker');
      await user.click(dialog.getByRole('button', { name: T.signIn.resend }));
      await waitFor(() =>
        expect(dialog.getByRole('status').textContent).toBe(
          'Invitation sent to tom.becker@example.com. The link works for 72 hours.',
        ),
      );
      expect(dialog.getByText('Invited')).toBeTruthy();
      expect(within(rowOf('Tom Becker')).getByText('Expires in 3 days')).toBeTruthy();
      expect(signIn.api.mailer.sent.map((mail) => mail.to)).toEqual(['tom.becker@example.com']);
    });

    it('resets a second factor only after the confirmation, and the provider no longer holds it', async () => {
      const { user } = renderConnected('sam');
      const dialog = await viewDialog(user, 'Dr. Ben Carter');
      await user.click(dialog.getByRole('button', { name: T.signIn.reset }));
      expect(signIn.api.identity.accounts.get(PERSONAS.ben.sub)?.secondFactors).toEqual(['passkey']);
      await user.click(
        within(screen.getByRole('alertdialog')).getByRole('button', { name: T.signIn.resetConfirm }),
      );
      await waitFor(() =>
        expect(dialog.getByRole('status').textContent).toBe(secondFactorResetMessage('Dr. Ben Carter')),
      );
      expect(signIn.api.identity.accounts.get(PERSONAS.ben.sub)?.secondFactors).toEqual([]);
      expect(dialog.queryByRole('button', { name: T.signIn.reset })).toBeNull();
      expect(within(rowOf('Dr. Ben Carter')).getByText(T.signIn.passwordOnly)).toBeTruthy();
    });

    it('shows the server’s refusal of a resend in the dialog, and sends nothing', async () => {
      server.use(...scenarioFor.forbidden('resendInvitation'));
      const { user } = renderConnected('sam');
      const dialog = await viewDialog(user, 'Maria Lopez');
      await user.click(dialog.getByRole('button', { name: T.signIn.resend }));
      await waitFor(() => expect(dialog.getByRole('alert').textContent).toBe(PERMISSION_ALERTS.updateUsers));
      expect(signIn.api.mailer.sent).toEqual([]);
    });
  });

  it('says in the alert region that the new user was sent an invitation, and for how long its link works', async () => {
    const { user } = renderConnected('sam');
    await user.click(await screen.findByRole('button', { name: USER_MANAGEMENT_TEXTS.addUser }));
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Maria Lopez');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'maria.lopez@example.com');
    await user.click(screen.getByRole('button', { name: T.create }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Invitation sent to maria.lopez@example.com. The link works for 72 hours.',
      ),
    );
    expect(within(rowOf('Maria Lopez')).getByText('Invited')).toBeTruthy();
    expect(within(rowOf('Maria Lopez')).getByText('Never')).toBeTruthy();
  });
});
