import { APPOINTMENT_TEXTS, PERMISSION_ALERTS } from '@sentinel/domain';
import { DEFAULT_ERROR_MESSAGES } from '@sentinel/domain/contract';
import { PERSONAS, scenario } from '@sentinel/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { withAlerts } from '../AlertRegion/AlertRegion.decorators';
import { APPOINTMENT_FORM_TEXTS } from './AppointmentForm';
import { Appointments } from './Appointments';
import { APPOINTMENT_SCREEN_TEXTS, APPOINTMENT_STATUS_LABELS } from './Appointments.utils';

const meta = {
  title: 'Screens/Appointments',
  component: Appointments,
  decorators: [withAlerts],
  globals: { session: 'alice' },
  parameters: { docs: { story: { inline: false, height: '760px' } } },
} satisfies Meta<typeof Appointments>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The seeded rows (packages/mocks fixtures) on the fixed clock, 2026-11-02. */
const JANE_TODAY = 'Nov 2, 2026 at 16:30'; // apt-004, Jane Doe with Dr. Alice Smith, scheduled
const JOHN_NOV_7 = 'Nov 7, 2026 at 15:00'; // apt-010, John Roe with Dr. Alice Smith, scheduled

/** The table row containing a text, once the list has loaded. */
async function findRow(canvasElement: HTMLElement, text: string): Promise<HTMLElement> {
  const canvas = within(canvasElement);
  return waitFor(() => {
    const row = canvas.getAllByRole('row').find((r) => r.textContent?.includes(text));
    if (!row) throw new Error(`No row contains ${text}`);
    return row;
  });
}

const bodyRows = async (canvasElement: HTMLElement) => {
  await findRow(canvasElement, ' at ');
  return within(canvasElement).getAllByRole('row').slice(1);
};

/**
 * REQ-appt, REQ-access-write-appointments: Jane sees her own six appointments under 'My Appointments', with
 * no form and no actions.
 */
export const PatientJane: Story = {
  globals: { session: 'jane' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: APPOINTMENT_TEXTS.titlePatient })).toBeVisible();
    await expect(await bodyRows(canvasElement)).toHaveLength(6);
    await expect(canvas.queryByRole('form', { name: APPOINTMENT_FORM_TEXTS.title })).toBeNull();
    await expect(canvas.queryByRole('columnheader', { name: 'Patient' })).toBeNull();
    await expect(canvas.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  },
};

/** REQ-appt: a doctor manages every appointment: the form, the Patient column and Confirm / Complete. */
export const DoctorAlice: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: APPOINTMENT_TEXTS.titleOther })).toBeVisible();
    await expect(await bodyRows(canvasElement)).toHaveLength(10);
    await expect(canvas.getByRole('form', { name: APPOINTMENT_FORM_TEXTS.title })).toBeVisible();
    await expect(canvas.getByRole('columnheader', { name: 'Actions' })).toBeVisible();
  },
};

/**
 * REQ-access-default-permissions: the admin holds write:appointments and delete:records: every action, Delete
 * included.
 */
export const AdminSam: Story = {
  globals: { session: 'sam' },
  play: async ({ canvasElement }) => {
    const row = await findRow(canvasElement, JANE_TODAY);
    await expect(within(row).getByRole('button', { name: APPOINTMENT_SCREEN_TEXTS.delete })).toBeVisible();
  },
};

export const Loading: Story = {
  globals: { scenario: 'slow' },
  parameters: { msw: { handlers: { scenario: scenario.slow('listAppointments') } } },
  play: async ({ canvasElement }) => {
    const status = await within(canvasElement).findByRole('status');
    await expect(status).toHaveTextContent(APPOINTMENT_SCREEN_TEXTS.loading);
  },
};

/** The list call fails: the message and Try again. */
export const ErrorState: Story = {
  name: 'Error',
  globals: { scenario: 'error' },
  parameters: { msw: { handlers: { scenario: scenario.error('listAppointments') } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent(DEFAULT_ERROR_MESSAGES.internal);
    await expect(canvas.getByRole('button', { name: APPOINTMENT_SCREEN_TEXTS.retry })).toBeVisible();
  },
};

/** REQ-appt Empty state: 'No appointments found', with zero in every tile. */
export const Empty: Story = {
  globals: { scenario: 'empty' },
  parameters: { msw: { handlers: { scenario: scenario.empty('listAppointments') } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(APPOINTMENT_TEXTS.empty)).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'Total' })).toHaveTextContent('Total0');
  },
};

/**
 * REQ-appt-badges Badge colours with text: scheduled yellow, confirmed blue, completed green, cancelled red.
 */
export const EveryStatusBadge: Story = {
  play: async ({ canvasElement }) => {
    await bodyRows(canvasElement);
    const table = within(within(canvasElement).getByRole('table'));
    for (const label of Object.values(APPOINTMENT_STATUS_LABELS))
      await expect(table.getAllByText(label)[0]).toBeVisible();
  },
};

/** The create form filled in, before it is sent. */
export const FormFilled: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const form = within(
      await within(canvasElement).findByRole('form', { name: APPOINTMENT_FORM_TEXTS.title }),
    );
    await userEvent.type(form.getByLabelText(APPOINTMENT_FORM_TEXTS.patientName), PERSONAS.john.name);
    await userEvent.type(form.getByLabelText(APPOINTMENT_FORM_TEXTS.patientEmail), PERSONAS.john.email);
    await userEvent.type(form.getByLabelText(APPOINTMENT_FORM_TEXTS.doctorName), PERSONAS.ben.name);
    await userEvent.type(form.getByLabelText(APPOINTMENT_FORM_TEXTS.date), '2026-11-20');
    await userEvent.type(form.getByLabelText(APPOINTMENT_FORM_TEXTS.time), '10:15');
    await userEvent.selectOptions(form.getByLabelText(APPOINTMENT_FORM_TEXTS.type), 'follow-up');
    await userEvent.type(form.getByLabelText(APPOINTMENT_FORM_TEXTS.notes), 'Blood pressure log review.');
    await expect(form.getByLabelText(APPOINTMENT_FORM_TEXTS.date)).toHaveValue('2026-11-20');
    await expect(form.getByLabelText(APPOINTMENT_FORM_TEXTS.time)).toHaveValue('10:15');
  },
};

/** REQ-appt-form: a doctor creates an appointment; the new row appears, scheduled, and the form empties. */
export const CreateAppointment: Story = {
  tags: ['flow'],
  play: async (context) => {
    await FormFilled.play?.(context);
    const { canvasElement } = context;
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: APPOINTMENT_FORM_TEXTS.submit }));
    const row = await findRow(canvasElement, 'Nov 20, 2026 at 10:15');
    await expect(row).toHaveTextContent(PERSONAS.john.name);
    await expect(row).toHaveTextContent('Follow-up');
    await expect(within(row).getByText(APPOINTMENT_STATUS_LABELS.scheduled)).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'Total' })).toHaveTextContent('Total11');
    await waitFor(() => expect(canvas.getByLabelText(APPOINTMENT_FORM_TEXTS.patientName)).toHaveValue(''));
  },
};

/** REQ-appt: Confirm sets confirmed, then Complete sets completed; the tiles follow. */
export const ConfirmAndComplete: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    let row = await findRow(canvasElement, JANE_TODAY);
    await userEvent.click(within(row).getByRole('button', { name: APPOINTMENT_SCREEN_TEXTS.confirm }));
    row = await findRow(canvasElement, JANE_TODAY);
    await expect(within(row).getByText(APPOINTMENT_STATUS_LABELS.confirmed)).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'Confirmed' })).toHaveTextContent('Confirmed3');
    await userEvent.click(within(row).getByRole('button', { name: APPOINTMENT_SCREEN_TEXTS.complete }));
    await waitFor(async () => {
      const updated = await findRow(canvasElement, JANE_TODAY);
      await expect(within(updated).getByText(APPOINTMENT_STATUS_LABELS.completed)).toBeVisible();
    });
    await expect(canvas.getByRole('group', { name: 'Completed' })).toHaveTextContent('Completed4');
  },
};

/** REQ-access delete:records: the admin is asked first; Cancel keeps the row, Delete removes it. */
export const DeleteAsksConfirmation: Story = {
  tags: ['flow'],
  globals: { session: 'sam' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const row = await findRow(canvasElement, JOHN_NOV_7);
    await userEvent.click(within(row).getByRole('button', { name: APPOINTMENT_SCREEN_TEXTS.delete }));
    const dialog = await page.findByRole('alertdialog', { name: APPOINTMENT_SCREEN_TEXTS.deleteTitle });
    await expect(dialog).toHaveTextContent(APPOINTMENT_SCREEN_TEXTS.deleteConfirm);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(await findRow(canvasElement, JOHN_NOV_7)).toBeVisible();
    await userEvent.click(
      within(await findRow(canvasElement, JOHN_NOV_7)).getByRole('button', { name: 'Delete' }),
    );
    const again = await page.findByRole('alertdialog', { name: APPOINTMENT_SCREEN_TEXTS.deleteTitle });
    await userEvent.click(within(again).getByRole('button', { name: APPOINTMENT_SCREEN_TEXTS.delete }));
    await waitFor(() =>
      expect(canvas.getAllByRole('row').some((r) => r.textContent?.includes(JOHN_NOV_7))).toBe(false),
    );
    await expect(canvas.getByRole('group', { name: 'Total' })).toHaveTextContent('Total9');
  },
};

/** REQ-access: a doctor lacks delete:records, so no row offers Delete. */
export const DoctorHasNoDelete: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findRow(canvasElement, JANE_TODAY);
    await expect(
      canvas.getAllByRole('button', { name: APPOINTMENT_SCREEN_TEXTS.complete }).length,
    ).toBeGreaterThan(0);
    await expect(canvas.queryByRole('button', { name: APPOINTMENT_SCREEN_TEXTS.delete })).toBeNull();
  },
};

/** REQ-access: patients cannot see other patients' names: John Roe appears nowhere on Jane's screen. */
export const PatientSeesNoOtherNames: Story = {
  globals: { session: 'jane' },
  play: async ({ canvasElement }) => {
    await bodyRows(canvasElement);
    await expect(canvasElement).not.toHaveTextContent(PERSONAS.john.name);
    await expect(canvasElement).not.toHaveTextContent(PERSONAS.john.email);
  },
};

/**
 * REQ-access-server: when the server refuses a create (403), its alert shows in the alert region and no row
 * is added.
 */
export const CreateForbidden: Story = {
  tags: ['flow'],
  parameters: { msw: { handlers: { scenario: scenario.forbidden('createAppointment') } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findRow(canvasElement, JANE_TODAY);
    await userEvent.type(canvas.getByLabelText(APPOINTMENT_FORM_TEXTS.patientName), PERSONAS.john.name);
    await userEvent.click(canvas.getByRole('button', { name: APPOINTMENT_FORM_TEXTS.submit }));
    await expect(await canvas.findByText(PERMISSION_ALERTS.createAppointments)).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'Total' })).toHaveTextContent('Total10');
    await expect(canvas.getByLabelText(APPOINTMENT_FORM_TEXTS.patientName)).toHaveValue(PERSONAS.john.name);
  },
};

/**
 * REQ-access: when the server refuses a status change, the optimistic badge rolls back and the alert shows.
 */
export const StatusChangeRollsBack: Story = {
  tags: ['flow'],
  parameters: { msw: { handlers: { scenario: scenario.forbidden('updateAppointmentStatus') } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = await findRow(canvasElement, JANE_TODAY);
    await userEvent.click(within(row).getByRole('button', { name: APPOINTMENT_SCREEN_TEXTS.confirm }));
    await expect(await canvas.findByText(PERMISSION_ALERTS.updateAppointments)).toBeVisible();
    const after = await findRow(canvasElement, JANE_TODAY);
    await expect(within(after).getByText(APPOINTMENT_STATUS_LABELS.scheduled)).toBeVisible();
  },
};
