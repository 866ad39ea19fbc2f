import {
  APPOINTMENT_TEXTS,
  DEFAULT_PERMISSIONS,
  formatDateAndTime,
  type Appointment,
} from '@sentinel/domain';
import { seedAppointments } from '@sentinel/mocks';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { APPOINTMENT_FORM_TEXTS } from './AppointmentForm';
import { AppointmentsScreen, type AppointmentsScreenProps, type AppointmentsViewer } from './Appointments';
import { APPOINTMENT_SCREEN_TEXTS } from './Appointments.utils';

const patient: AppointmentsViewer = { role: 'patient', permissions: DEFAULT_PERMISSIONS.patient };
const doctor: AppointmentsViewer = { role: 'doctor', permissions: DEFAULT_PERMISSIONS.doctor };
const admin: AppointmentsViewer = { role: 'admin', permissions: DEFAULT_PERMISSIONS.admin };

/**
 * What a patient receives from the server: their own rows, with the patient name blanked
 * (REQ-access-names-hidden).
 */
const janeRows = () =>
  seedAppointments()
    .filter((a) => a.patientEmail === 'jane.doe@example.com')
    .map((a) => ({ ...a, patientName: '' }));

function renderScreen(props: Partial<AppointmentsScreenProps> = {}) {
  const handlers = {
    onCreate: vi.fn<AppointmentsScreenProps['onCreate']>(() => true),
    onSetStatus: vi.fn<AppointmentsScreenProps['onSetStatus']>(),
    onDelete: vi.fn<AppointmentsScreenProps['onDelete']>(),
    onRetry: vi.fn(),
  };
  const { unmount } = render(
    <AppointmentsScreen viewer={doctor} appointments={seedAppointments()} {...handlers} {...props} />,
  );
  return { ...handlers, unmount };
}

/** The table row holding a text (a name, a date). */
function rowWith(text: string): HTMLElement {
  const row = screen.getAllByRole('row').find((r) => r.textContent?.includes(text));
  if (!row) throw new Error(`No row with ${text}`);
  return row;
}

const byId = (id: string): Appointment => {
  const found = seedAppointments().find((a) => a.id === id);
  if (!found) throw new Error(id);
  return found;
};

describe('AppointmentsScreen', () => {
  it('titles the screen My Appointments for a patient and Appointment Management for staff', () => {
    const { unmount } = renderScreen({ viewer: patient, appointments: janeRows() });
    expect(screen.getByRole('heading', { level: 2, name: APPOINTMENT_TEXTS.titlePatient })).toBeTruthy();
    unmount();
    renderScreen({ viewer: doctor });
    expect(screen.getByRole('heading', { level: 2, name: APPOINTMENT_TEXTS.titleOther })).toBeTruthy();
  });

  it('counts the appointments in the Total, Scheduled, Confirmed and Completed tiles', () => {
    renderScreen();
    const summary = screen.getByRole('region', { name: APPOINTMENT_SCREEN_TEXTS.summary });
    const tile = (label: string) => within(summary).getByRole('group', { name: label }).textContent;
    expect(tile('Total')).toBe('Total10');
    expect(tile('Scheduled')).toBe('Scheduled3');
    expect(tile('Confirmed')).toBe('Confirmed2');
    expect(tile('Completed')).toBe('Completed3');
  });

  it('shows a patient no create form, no Patient column and no Actions column', () => {
    renderScreen({ viewer: patient, appointments: janeRows() });
    expect(screen.queryByRole('form', { name: APPOINTMENT_FORM_TEXTS.title })).toBeNull();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Doctor', 'Date & Time', 'Type', 'Status']);
    expect(screen.queryByRole('button', { name: /^(Confirm|Complete|Delete)$/ })).toBeNull();
  });

  it('shows staff the spec columns in order, with Actions', () => {
    renderScreen({ viewer: doctor });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([...APPOINTMENT_TEXTS.columns]);
  });

  it('shows the Actions column to a user holding only delete:records, with Delete as the only action', () => {
    renderScreen({ viewer: { role: 'doctor', permissions: ['read:appointments', 'delete:records'] } });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('Actions');
    expect(screen.queryAllByRole('button', { name: 'Confirm' })).toHaveLength(0);
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(10);
  });

  it('shows date and time together in the Date & Time column, and the type by its label with the notes under it', () => {
    renderScreen();
    const row = rowWith('Nov 2, 2026 at 16:30');
    expect(within(row).getByRole('cell', { name: 'Nov 2, 2026 at 16:30' })).toBeTruthy();
    const typeCell = within(row).getByText('Consultation').closest('td');
    expect(typeCell?.textContent).toBe('ConsultationDiscuss home glucose monitoring.');
  });

  it('labels every status badge with text, not colour alone', () => {
    renderScreen();
    for (const label of ['Scheduled', 'Confirmed', 'Completed', 'Cancelled'])
      expect(screen.getAllByText(label, { selector: 'span' }).length).toBeGreaterThan(0);
  });

  it('offers Confirm on a scheduled row and sets the status to confirmed', async () => {
    const { onSetStatus } = renderScreen();
    const apt = byId('apt-004');
    const row = rowWith(formatDateAndTime(apt.date, apt.time));
    await userEvent.click(within(row).getByRole('button', { name: 'Confirm' }));
    expect(onSetStatus).toHaveBeenCalledWith(apt, 'confirmed');
  });

  it('offers Complete on a confirmed row but not Confirm again', async () => {
    const { onSetStatus } = renderScreen();
    const apt = byId('apt-005');
    const row = rowWith(formatDateAndTime(apt.date, apt.time));
    expect(within(row).queryByRole('button', { name: 'Confirm' })).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: 'Complete' }));
    expect(onSetStatus).toHaveBeenCalledWith(apt, 'completed');
  });

  it('gives the row buttons the row’s patient as their description', () => {
    renderScreen();
    const apt = byId('apt-004');
    const row = rowWith(formatDateAndTime(apt.date, apt.time));
    expect(within(row).getByRole('button', { name: 'Confirm', description: 'Jane Doe' })).toBeTruthy();
  });

  it('gives a doctor Confirm and Complete but no Delete', () => {
    renderScreen({ viewer: doctor });
    expect(screen.getAllByRole('button', { name: 'Complete' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('asks an admin to confirm a delete, and deletes only after the confirmation', async () => {
    const { onDelete } = renderScreen({ viewer: admin });
    const apt = byId('apt-004');
    const row = rowWith(formatDateAndTime(apt.date, apt.time));
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: APPOINTMENT_SCREEN_TEXTS.deleteTitle });
    expect(dialog.textContent).toContain(APPOINTMENT_SCREEN_TEXTS.deleteConfirm);
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(apt);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('does not delete when the admin cancels the confirmation', async () => {
    const { onDelete } = renderScreen({ viewer: admin });
    await userEvent.click(screen.getAllByRole('button', { name: 'Delete' })[0] as HTMLElement);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onDelete).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows No appointments found when the list is empty', () => {
    renderScreen({ appointments: [] });
    expect(screen.getByText(APPOINTMENT_TEXTS.empty)).toBeTruthy();
  });

  it('shows a labelled spinner while loading, and no table', () => {
    renderScreen({ loading: true });
    expect(screen.getByRole('status').textContent).toContain(APPOINTMENT_SCREEN_TEXTS.loading);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the error message with Try again, which retries', async () => {
    const { onRetry } = renderScreen({ error: 'The server had a problem. Please try again.' });
    expect(screen.getByRole('alert').textContent).toContain('The server had a problem. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('uses a date picker, a time picker and an email input in the create form', () => {
    renderScreen();
    expect(screen.getByLabelText(APPOINTMENT_FORM_TEXTS.date).getAttribute('type')).toBe('date');
    expect(screen.getByLabelText(APPOINTMENT_FORM_TEXTS.time).getAttribute('type')).toBe('time');
    expect(screen.getByLabelText(APPOINTMENT_FORM_TEXTS.patientEmail).getAttribute('type')).toBe('email');
    const types = within(screen.getByLabelText(APPOINTMENT_FORM_TEXTS.type)).getAllByRole('option');
    expect(types.map((o) => (o as HTMLOptionElement).value)).toEqual([
      'consultation',
      'follow-up',
      'specialist',
      'emergency',
    ]);
  });

  it('creates an appointment with every field as typed and then empties the form', async () => {
    const { onCreate } = renderScreen();
    await userEvent.type(screen.getByLabelText(APPOINTMENT_FORM_TEXTS.patientName), 'Jane Doe');
    await userEvent.type(screen.getByLabelText(APPOINTMENT_FORM_TEXTS.patientEmail), 'jane.doe@example.com');
    await userEvent.type(screen.getByLabelText(APPOINTMENT_FORM_TEXTS.doctorName), 'Dr. Alice Smith');
    await userEvent.type(screen.getByLabelText(APPOINTMENT_FORM_TEXTS.date), '2026-11-20');
    await userEvent.type(screen.getByLabelText(APPOINTMENT_FORM_TEXTS.time), '10:15');
    await userEvent.selectOptions(screen.getByLabelText(APPOINTMENT_FORM_TEXTS.type), 'follow-up');
    await userEvent.type(screen.getByLabelText(APPOINTMENT_FORM_TEXTS.notes), 'Bring glucose log');
    await userEvent.click(screen.getByRole('button', { name: APPOINTMENT_FORM_TEXTS.submit }));
    expect(onCreate).toHaveBeenCalledWith({
      patientName: 'Jane Doe',
      patientEmail: 'jane.doe@example.com',
      doctorName: 'Dr. Alice Smith',
      date: '2026-11-20',
      time: '10:15',
      type: 'follow-up',
      notes: 'Bring glucose log',
    });
    expect((screen.getByLabelText(APPOINTMENT_FORM_TEXTS.patientName) as HTMLInputElement).value).toBe('');
  });

  it('sends empty strings for the fields left empty (no required fields, REQ-appt-form)', async () => {
    const { onCreate } = renderScreen();
    await userEvent.click(screen.getByRole('button', { name: APPOINTMENT_FORM_TEXTS.submit }));
    expect(onCreate).toHaveBeenCalledWith({
      patientName: '',
      patientEmail: '',
      doctorName: '',
      date: '',
      time: '',
      type: 'consultation',
      notes: '',
    });
  });

  it('keeps what was typed when the create fails', async () => {
    renderScreen({ onCreate: () => false });
    const name = screen.getByLabelText(APPOINTMENT_FORM_TEXTS.patientName) as HTMLInputElement;
    await userEvent.type(name, 'Jane Doe');
    await userEvent.click(screen.getByRole('button', { name: APPOINTMENT_FORM_TEXTS.submit }));
    expect(name.value).toBe('Jane Doe');
  });

  it('shows a dash for a name or type left empty', () => {
    const blank: Appointment = { ...byId('apt-004'), patientName: '', patientEmail: '', type: '' };
    renderScreen({ appointments: [blank] });
    const row = rowWith(formatDateAndTime(blank.date, blank.time));
    expect(within(row).getAllByText(APPOINTMENT_SCREEN_TEXTS.none)).toHaveLength(2);
  });
});
