import {
  DEFAULT_PERMISSIONS,
  FREQUENCIES,
  PRESCRIPTION_TEXTS,
  RECORD_TEXTS,
  type Prescription,
} from '@sentinel/domain';
import { seedPrescriptions } from '@sentinel/mocks';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PRESCRIPTION_FORM_TEXTS, toNewPrescription } from './PrescriptionForm';
import { PrescriptionsScreen, type PrescriptionsScreenProps, type PrescriptionViewer } from './Prescriptions';
import { PRESCRIPTION_FIELD_LABELS, PRESCRIPTION_SCREEN_TEXTS } from './Prescriptions.utils';

const patient: PrescriptionViewer = { role: 'patient', permissions: DEFAULT_PERMISSIONS.patient };
const doctor: PrescriptionViewer = { role: 'doctor', permissions: DEFAULT_PERMISSIONS.doctor };

/**
 * What a patient receives from the server: their own prescriptions, with the patient name blanked
 * (REQ-access-names-hidden).
 */
const janeRows = () =>
  seedPrescriptions()
    .filter((p) => p.patientEmail === 'jane.doe@example.com')
    .map((p) => ({ ...p, patientName: '' }));

const byId = (id: string): Prescription => {
  const found = seedPrescriptions().find((p) => p.id === id);
  if (!found) throw new Error(id);
  return found;
};

function renderScreen(props: Partial<PrescriptionsScreenProps> = {}) {
  const handlers = {
    onCreate: vi.fn<PrescriptionsScreenProps['onCreate']>(() => true),
    onRefill: vi.fn<PrescriptionsScreenProps['onRefill']>(),
    onEdit: vi.fn<PrescriptionsScreenProps['onEdit']>(),
    onRetry: vi.fn(),
  };
  const view = render(
    <PrescriptionsScreen viewer={doctor} prescriptions={seedPrescriptions()} {...handlers} {...props} />,
  );
  return { ...handlers, ...view };
}

/** A prescription card: a region named by its medication. */
const card = (medication: string) => screen.getByRole('region', { name: medication });

/** The value shown under a label in a definition list. */
function valueOf(scope: HTMLElement, label: string): string | null | undefined {
  const term = within(scope).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

const shownMedications = () =>
  within(screen.getByRole('list', { name: PRESCRIPTION_SCREEN_TEXTS.list }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('PrescriptionsScreen', () => {
  it('titles the screen My Prescriptions for a patient and Prescription Management for staff', () => {
    const { unmount } = renderScreen({ viewer: patient, prescriptions: janeRows() });
    expect(screen.getByRole('heading', { level: 2, name: PRESCRIPTION_TEXTS.titlePatient })).toBeTruthy();
    unmount();
    renderScreen();
    expect(screen.getByRole('heading', { level: 2, name: PRESCRIPTION_TEXTS.titleOther })).toBeTruthy();
  });

  it('sums the tiles: Total, Active, Completed, and Refills Available as allowed minus used', () => {
    renderScreen();
    const summary = screen.getByRole('region', { name: PRESCRIPTION_SCREEN_TEXTS.summary });
    const tile = (label: string) => within(summary).getByRole('group', { name: label }).textContent;
    expect(tile('Total')).toBe('Total8');
    expect(tile('Active')).toBe('Active4');
    expect(tile('Completed')).toBe('Completed2');
    // rx-001 3-1, rx-002 2-2, rx-004 1-0, rx-005 3-0, rx-008 0-0
    expect(tile('Refills Available')).toBe('Refills Available6');
  });

  it('shows on a card the status, refills left, dosage, frequency, dates, prescriber, patient, pharmacy and instructions', () => {
    renderScreen();
    const metformin = card('Metformin');
    expect(within(metformin).getByText('Active')).toBeTruthy();
    expect(valueOf(metformin, PRESCRIPTION_SCREEN_TEXTS.refillsLeft)).toBe('2');
    expect(valueOf(metformin, PRESCRIPTION_FIELD_LABELS.dosage)).toBe('500 mg');
    expect(valueOf(metformin, PRESCRIPTION_FIELD_LABELS.frequency)).toBe('Twice daily');
    expect(valueOf(metformin, PRESCRIPTION_FIELD_LABELS.startDate)).toBe('Oct 3, 2026');
    expect(valueOf(metformin, PRESCRIPTION_FIELD_LABELS.endDate)).toBe('Jan 1, 2027');
    expect(valueOf(metformin, PRESCRIPTION_FIELD_LABELS.prescribedBy)).toBe('Dr. Alice Smith');
    expect(valueOf(metformin, PRESCRIPTION_FIELD_LABELS.patient)).toBe('Jane Doe');
    expect(valueOf(metformin, PRESCRIPTION_FIELD_LABELS.pharmacy)).toContain(
      'Springfield Community Pharmacy',
    );
    expect(valueOf(metformin, PRESCRIPTION_FIELD_LABELS.instructions)).toContain('Take with breakfast');
  });

  it('hides the patient from a patient viewer', () => {
    renderScreen({ viewer: patient, prescriptions: janeRows() });
    expect(within(card('Metformin')).queryByText(PRESCRIPTION_FIELD_LABELS.patient)).toBeNull();
  });

  it('searches medication, patient name and prescriber, ignoring case', async () => {
    renderScreen();
    const search = screen.getByRole('searchbox', { name: PRESCRIPTION_SCREEN_TEXTS.searchLabel });
    await userEvent.type(search, 'metFORMIN');
    expect(shownMedications()).toEqual(['Metformin']);
    await userEvent.clear(search);
    await userEvent.type(search, 'john roe');
    expect(shownMedications()).toEqual(['Lisinopril', 'Ibuprofen', 'Cephalexin', 'Chlorthalidone']);
    await userEvent.clear(search);
    await userEvent.type(search, 'Ben Carter');
    expect(shownMedications()).toEqual(['Lisinopril', 'Ibuprofen', 'Chlorthalidone']);
  });

  it('filters by status', async () => {
    renderScreen();
    const filter = screen.getByRole('combobox', { name: PRESCRIPTION_SCREEN_TEXTS.statusFilter });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['all', 'active', 'completed', 'cancelled', 'expired']);
    await userEvent.selectOptions(filter, 'expired');
    expect(shownMedications()).toEqual(['Ondansetron']);
    await userEvent.selectOptions(filter, 'cancelled');
    expect(shownMedications()).toEqual(['Ibuprofen']);
  });

  it('says No prescriptions found with the search hint when a search matches nothing', async () => {
    renderScreen();
    await userEvent.type(screen.getByRole('searchbox'), 'warfarin');
    expect(screen.getByText(PRESCRIPTION_SCREEN_TEXTS.empty)).toBeTruthy();
    expect(screen.getByText(RECORD_TEXTS.emptySearchHint)).toBeTruthy();
  });

  it('says No prescriptions found without the hint when there are none at all', () => {
    renderScreen({ prescriptions: [] });
    expect(screen.getByText(PRESCRIPTION_SCREEN_TEXTS.empty)).toBeTruthy();
    expect(screen.queryByText(RECORD_TEXTS.emptySearchHint)).toBeNull();
  });

  it('offers Refill only on an active prescription with refills left, to a writer', () => {
    renderScreen();
    expect(within(card('Metformin')).getByRole('button', { name: PRESCRIPTION_TEXTS.refill })).toBeTruthy();
    // Active but 2 of 2 used.
    expect(
      within(card('Atorvastatin')).queryByRole('button', { name: PRESCRIPTION_TEXTS.refill }),
    ).toBeNull();
    // Refills left but expired.
    expect(within(card('Ondansetron')).queryByRole('button', { name: PRESCRIPTION_TEXTS.refill })).toBeNull();
  });

  it('sends a refill for the prescription pressed', async () => {
    const { onRefill } = renderScreen();
    await userEvent.click(within(card('Metformin')).getByRole('button', { name: PRESCRIPTION_TEXTS.refill }));
    expect(onRefill).toHaveBeenCalledWith(byId('rx-001'));
  });

  it('shows a patient no Refill, no Edit Prescription and no create button', () => {
    renderScreen({ viewer: patient, prescriptions: janeRows() });
    expect(screen.queryByRole('button', { name: PRESCRIPTION_TEXTS.refill })).toBeNull();
    expect(screen.queryByRole('button', { name: PRESCRIPTION_TEXTS.edit })).toBeNull();
    expect(screen.queryByRole('button', { name: PRESCRIPTION_TEXTS.createTitle })).toBeNull();
  });

  it('passes Edit Prescription to the owner, who decides what it does', async () => {
    const { onEdit } = renderScreen();
    await userEvent.click(within(card('Lisinopril')).getByRole('button', { name: PRESCRIPTION_TEXTS.edit }));
    expect(onEdit).toHaveBeenCalledWith(byId('rx-005'));
  });

  it('opens the detail view with dates, doctor, patient, duration, refills, side effects and interactions', async () => {
    renderScreen();
    await userEvent.click(
      within(card('Metformin')).getByRole('button', { name: PRESCRIPTION_SCREEN_TEXTS.viewDetails }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Metformin' });
    expect(valueOf(dialog, PRESCRIPTION_FIELD_LABELS.prescribedDate)).toBe('Oct 3, 2026');
    expect(valueOf(dialog, PRESCRIPTION_FIELD_LABELS.doctor)).toBe('Dr. Alice Smith');
    expect(valueOf(dialog, PRESCRIPTION_FIELD_LABELS.patient)).toBe('Jane Doe');
    expect(valueOf(dialog, PRESCRIPTION_FIELD_LABELS.duration)).toBe('90 days');
    expect(valueOf(dialog, PRESCRIPTION_FIELD_LABELS.refills)).toBe('1 / 3');
    expect(within(dialog).getByText('Vitamin B12 deficiency with long-term use')).toBeTruthy();
    expect(within(dialog).getByText('Topiramate: raises the risk of lactic acidosis')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says None listed in the detail view when there are no side effects or interactions', async () => {
    renderScreen();
    await userEvent.click(
      within(card('Ondansetron')).getByRole('button', { name: PRESCRIPTION_SCREEN_TEXTS.viewDetails }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Ondansetron' });
    expect(valueOf(dialog, PRESCRIPTION_FIELD_LABELS.sideEffects)).toBe(PRESCRIPTION_SCREEN_TEXTS.noneListed);
    expect(valueOf(dialog, PRESCRIPTION_FIELD_LABELS.interactions)).toBe(
      PRESCRIPTION_SCREEN_TEXTS.noneListed,
    );
  });

  it('keeps the open detail view in step with the data (a refill shows at once)', async () => {
    const { rerender, onCreate, onRefill, onEdit } = renderScreen();
    await userEvent.click(
      within(card('Metformin')).getByRole('button', { name: PRESCRIPTION_SCREEN_TEXTS.viewDetails }),
    );
    const refilled = seedPrescriptions().map((p) => (p.id === 'rx-001' ? { ...p, refillsUsed: 2 } : p));
    rerender(
      <PrescriptionsScreen
        viewer={doctor}
        prescriptions={refilled}
        onCreate={onCreate}
        onRefill={onRefill}
        onEdit={onEdit}
      />,
    );
    expect(
      valueOf(screen.getByRole('dialog', { name: 'Metformin' }), PRESCRIPTION_FIELD_LABELS.refills),
    ).toBe('2 / 3');
  });

  it('hides the patient in the detail view from a patient viewer', async () => {
    renderScreen({ viewer: patient, prescriptions: janeRows() });
    await userEvent.click(
      within(card('Metformin')).getByRole('button', { name: PRESCRIPTION_SCREEN_TEXTS.viewDetails }),
    );
    expect(within(screen.getByRole('dialog')).queryByText(PRESCRIPTION_FIELD_LABELS.patient)).toBeNull();
  });

  it('opens the Create New Prescription form from its button, with the spec’s field types and limits', async () => {
    renderScreen();
    const toggle = screen.getByRole('button', { name: PRESCRIPTION_TEXTS.createTitle });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('heading', { name: PRESCRIPTION_TEXTS.createTitle })).toBeTruthy();
    expect(screen.getByLabelText(PRESCRIPTION_FORM_TEXTS.patientEmail).getAttribute('type')).toBe('email');
    const refills = screen.getByLabelText(PRESCRIPTION_FORM_TEXTS.refillsAllowed);
    expect([refills.getAttribute('type'), refills.getAttribute('min'), refills.getAttribute('max')]).toEqual([
      'number',
      '0',
      '10',
    ]);
    const frequencies = within(screen.getByLabelText(PRESCRIPTION_FORM_TEXTS.frequency)).getAllByRole(
      'option',
    );
    expect(frequencies.map((o) => o.textContent)).toEqual([...FREQUENCIES]);
  });

  it('creates a prescription with the typed values, then closes the form', async () => {
    const { onCreate } = renderScreen();
    await userEvent.click(screen.getByRole('button', { name: PRESCRIPTION_TEXTS.createTitle }));
    await userEvent.type(screen.getByLabelText(PRESCRIPTION_FORM_TEXTS.patientName), 'John Roe');
    await userEvent.type(screen.getByLabelText(PRESCRIPTION_FORM_TEXTS.patientEmail), 'john.roe@example.com');
    await userEvent.type(screen.getByLabelText(PRESCRIPTION_FORM_TEXTS.medication), 'Amlodipine');
    await userEvent.type(screen.getByLabelText(PRESCRIPTION_FORM_TEXTS.dosage), '5 mg');
    await userEvent.selectOptions(screen.getByLabelText(PRESCRIPTION_FORM_TEXTS.frequency), 'Twice daily');
    await userEvent.type(screen.getByLabelText(PRESCRIPTION_FORM_TEXTS.duration), '30 days');
    const refills = screen.getByLabelText(PRESCRIPTION_FORM_TEXTS.refillsAllowed);
    await userEvent.clear(refills);
    await userEvent.type(refills, '2');
    await userEvent.type(screen.getByLabelText(PRESCRIPTION_FORM_TEXTS.pharmacy), 'Main Street Pharmacy');
    await userEvent.type(screen.getByLabelText(PRESCRIPTION_FORM_TEXTS.instructions), 'Take in the morning');
    await userEvent.click(screen.getByRole('button', { name: PRESCRIPTION_FORM_TEXTS.submit }));
    expect(onCreate).toHaveBeenCalledWith({
      patientName: 'John Roe',
      patientEmail: 'john.roe@example.com',
      medication: 'Amlodipine',
      dosage: '5 mg',
      frequency: 'Twice daily',
      duration: '30 days',
      instructions: 'Take in the morning',
      refillsAllowed: '2',
      pharmacy: 'Main Street Pharmacy',
    });
    expect(screen.queryByRole('form', { name: PRESCRIPTION_FORM_TEXTS.title })).toBeNull();
  });

  it('keeps the form open with its values when the create fails', async () => {
    renderScreen({ onCreate: () => false });
    await userEvent.click(screen.getByRole('button', { name: PRESCRIPTION_TEXTS.createTitle }));
    await userEvent.type(screen.getByLabelText(PRESCRIPTION_FORM_TEXTS.medication), 'Amlodipine');
    await userEvent.click(screen.getByRole('button', { name: PRESCRIPTION_FORM_TEXTS.submit }));
    expect((screen.getByLabelText(PRESCRIPTION_FORM_TEXTS.medication) as HTMLInputElement).value).toBe(
      'Amlodipine',
    );
  });

  it('closes the form on Cancel without creating', async () => {
    const { onCreate } = renderScreen();
    await userEvent.click(screen.getByRole('button', { name: PRESCRIPTION_TEXTS.createTitle }));
    await userEvent.click(screen.getByRole('button', { name: PRESCRIPTION_FORM_TEXTS.cancel }));
    expect(screen.queryByRole('form', { name: PRESCRIPTION_FORM_TEXTS.title })).toBeNull();
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('leaves an empty pharmacy out of the request and keeps the rest as typed (empty values allowed, REQ-rx-form)', () => {
    const body = toNewPrescription({
      patientName: '',
      patientEmail: '',
      medication: '',
      dosage: '',
      frequency: 'As needed',
      duration: '',
      instructions: '',
      refillsAllowed: '',
      pharmacy: '  ',
    });
    expect(body).toEqual({
      patientName: '',
      patientEmail: '',
      medication: '',
      dosage: '',
      frequency: 'As needed',
      duration: '',
      instructions: '',
      refillsAllowed: '',
    });
  });

  it('shows a labelled spinner while loading, and no cards', () => {
    renderScreen({ loading: true });
    expect(screen.getByRole('status').textContent).toContain(PRESCRIPTION_SCREEN_TEXTS.loading);
    expect(screen.queryByRole('list', { name: PRESCRIPTION_SCREEN_TEXTS.list })).toBeNull();
  });

  it('shows the error message with Try again, which retries', async () => {
    const { onRetry } = renderScreen({ error: 'The server had a problem. Please try again.' });
    expect(screen.getByRole('alert').textContent).toContain('The server had a problem. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
