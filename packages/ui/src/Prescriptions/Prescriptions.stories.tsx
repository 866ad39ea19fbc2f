import { PERMISSION_ALERTS, PRESCRIPTION_TEXTS, RECORD_TEXTS } from '@sentinel/domain';
import { DEFAULT_ERROR_MESSAGES } from '@sentinel/domain/contract';
import { PERSONAS, scenario } from '@sentinel/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { withAlerts } from '../AlertRegion/AlertRegion.decorators';
import { PRESCRIPTION_FORM_TEXTS } from './PrescriptionForm';
import { Prescriptions } from './Prescriptions';
import {
  PRESCRIPTION_FIELD_LABELS,
  PRESCRIPTION_SCREEN_TEXTS,
  PRESCRIPTION_STATUS_LABELS,
} from './Prescriptions.utils';

const meta = {
  title: 'Screens/Prescriptions',
  component: Prescriptions,
  decorators: [withAlerts],
  globals: { session: 'alice' },
  parameters: { docs: { story: { inline: false, height: '760px' } } },
} satisfies Meta<typeof Prescriptions>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Seeded prescriptions (packages/mocks fixtures): Metformin (Jane, active, 1 of 3 refills used), Atorvastatin
 * (Jane, active, 2 of 2 used), Ondansetron (Jane, expired), Lisinopril (John, active), Ibuprofen (John,
 * cancelled), Amoxicillin and Cephalexin (completed), Chlorthalidone (John, active, no refills).
 */
const card = async (canvasElement: HTMLElement, medication: string) =>
  within(canvasElement).findByRole('region', { name: medication });

/** The value under a label in a card's or the detail view's definition list. */
function valueOf(scope: HTMLElement, label: string): string | null | undefined {
  return within(scope).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

const listedMedications = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('list', { name: PRESCRIPTION_SCREEN_TEXTS.list }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

/**
 * REQ-rx, REQ-access: Jane sees her four prescriptions under 'My Prescriptions'; no patient line, no Refill,
 * no form.
 */
export const PatientJane: Story = {
  globals: { session: 'jane' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: PRESCRIPTION_TEXTS.titlePatient })).toBeVisible();
    await card(canvasElement, 'Metformin');
    await expect(listedMedications(canvasElement)).toEqual([
      'Metformin',
      'Atorvastatin',
      'Amoxicillin',
      'Ondansetron',
    ]);
    await expect(canvas.queryByText(PRESCRIPTION_FIELD_LABELS.patient, { selector: 'dt' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: PRESCRIPTION_TEXTS.refill })).toBeNull();
    await expect(canvas.queryByRole('button', { name: PRESCRIPTION_TEXTS.createTitle })).toBeNull();
  },
};

/** REQ-rx: a doctor sees every prescription with its patient, Refill where allowed, Edit and the create button. */
export const DoctorAlice: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: PRESCRIPTION_TEXTS.titleOther })).toBeVisible();
    const metformin = await card(canvasElement, 'Metformin');
    await expect(valueOf(metformin, PRESCRIPTION_FIELD_LABELS.patient)).toBe(PERSONAS.jane.name);
    await expect(listedMedications(canvasElement)).toHaveLength(8);
    await expect(canvas.getByRole('group', { name: 'Refills Available' })).toHaveTextContent(
      'Refills Available6',
    );
  },
};

/** The admin manages prescriptions like a doctor (write:prescriptions). */
export const AdminSam: Story = {
  globals: { session: 'sam' },
  play: async ({ canvasElement }) => {
    const lisinopril = await card(canvasElement, 'Lisinopril');
    await expect(within(lisinopril).getByRole('button', { name: PRESCRIPTION_TEXTS.refill })).toBeVisible();
    await expect(within(lisinopril).getByRole('button', { name: PRESCRIPTION_TEXTS.edit })).toBeVisible();
  },
};

export const Loading: Story = {
  globals: { scenario: 'slow' },
  parameters: { msw: { handlers: { scenario: scenario.slow('listPrescriptions') } } },
  play: async ({ canvasElement }) => {
    const status = await within(canvasElement).findByRole('status');
    await expect(status).toHaveTextContent(PRESCRIPTION_SCREEN_TEXTS.loading);
  },
};

/** The list call fails: the message and Try again. */
export const ErrorState: Story = {
  name: 'Error',
  globals: { scenario: 'error' },
  parameters: { msw: { handlers: { scenario: scenario.error('listPrescriptions') } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent(DEFAULT_ERROR_MESSAGES.internal);
    await expect(canvas.getByRole('button', { name: PRESCRIPTION_SCREEN_TEXTS.retry })).toBeVisible();
  },
};

export const Empty: Story = {
  globals: { scenario: 'empty' },
  parameters: { msw: { handlers: { scenario: scenario.empty('listPrescriptions') } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(PRESCRIPTION_SCREEN_TEXTS.empty)).toBeVisible();
    await expect(canvas.queryByText(RECORD_TEXTS.emptySearchHint)).toBeNull();
    await expect(canvas.getByRole('group', { name: 'Total' })).toHaveTextContent('Total0');
  },
};

/** REQ-rx every status, each badge with its word. */
export const EveryStatusBadge: Story = {
  play: async ({ canvasElement }) => {
    await card(canvasElement, 'Metformin');
    const list = within(within(canvasElement).getByRole('list', { name: PRESCRIPTION_SCREEN_TEXTS.list }));
    for (const label of Object.values(PRESCRIPTION_STATUS_LABELS))
      await expect(list.getAllByText(label)[0]).toBeVisible();
  },
};

/**
 * REQ-rx-search Search covers medication, patient name and prescriber; nothing matches: the empty text and
 * the hint.
 */
export const SearchNoResult: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await card(canvasElement, 'Metformin');
    await userEvent.type(
      canvas.getByRole('searchbox', { name: PRESCRIPTION_SCREEN_TEXTS.searchLabel }),
      'warfarin',
    );
    await expect(await canvas.findByText(PRESCRIPTION_SCREEN_TEXTS.empty)).toBeVisible();
    await expect(canvas.getByText(RECORD_TEXTS.emptySearchHint)).toBeVisible();
  },
};

/** REQ-rx-status-filter Status filter: expired shows only the expired prescription. */
export const FilterExpired: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await card(canvasElement, 'Metformin');
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: PRESCRIPTION_SCREEN_TEXTS.statusFilter }),
      'expired',
    );
    await expect(listedMedications(canvasElement)).toEqual(['Ondansetron']);
    const ondansetron = await card(canvasElement, 'Ondansetron');
    await expect(within(ondansetron).getByText(PRESCRIPTION_STATUS_LABELS.expired)).toBeVisible();
  },
};

/** REQ-rx-details The detail view, with possible side effects and drug interactions. */
export const DetailOpen: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const metformin = await card(canvasElement, 'Metformin');
    await userEvent.click(
      within(metformin).getByRole('button', { name: PRESCRIPTION_SCREEN_TEXTS.viewDetails }),
    );
    const dialog = await page.findByRole('dialog', { name: 'Metformin' });
    await expect(valueOf(dialog, PRESCRIPTION_FIELD_LABELS.prescribedDate)).toBe('Oct 3, 2026');
    await expect(valueOf(dialog, PRESCRIPTION_FIELD_LABELS.doctor)).toBe(PERSONAS.alice.name);
    await expect(valueOf(dialog, PRESCRIPTION_FIELD_LABELS.patient)).toBe(PERSONAS.jane.name);
    await expect(valueOf(dialog, PRESCRIPTION_FIELD_LABELS.duration)).toBe('90 days');
    await expect(valueOf(dialog, PRESCRIPTION_FIELD_LABELS.startDate)).toBe('Oct 3, 2026');
    await expect(valueOf(dialog, PRESCRIPTION_FIELD_LABELS.endDate)).toBe('Jan 1, 2027');
    await expect(valueOf(dialog, PRESCRIPTION_FIELD_LABELS.refills)).toBe('1 / 3');
    await expect(within(dialog).getByText('Vitamin B12 deficiency with long-term use')).toBeVisible();
    await expect(
      within(dialog).getByText('Alcohol: heavy drinking raises the risk of lactic acidosis'),
    ).toBeVisible();
  },
};

/**
 * REQ-rx-refills-allowed: Refill until refills used equals refills allowed; the Refill button then
 * disappears.
 */
export const RefillsUsedUp: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const metformin = await card(canvasElement, 'Metformin');
    await expect(valueOf(metformin, PRESCRIPTION_SCREEN_TEXTS.refillsLeft)).toBe('2');
    await userEvent.click(within(metformin).getByRole('button', { name: PRESCRIPTION_TEXTS.refill }));
    await waitFor(() => expect(valueOf(metformin, PRESCRIPTION_SCREEN_TEXTS.refillsLeft)).toBe('1'));
    await userEvent.click(within(metformin).getByRole('button', { name: PRESCRIPTION_TEXTS.refill }));
    await waitFor(() => expect(valueOf(metformin, PRESCRIPTION_SCREEN_TEXTS.refillsLeft)).toBe('0'));
    await expect(within(metformin).queryByRole('button', { name: PRESCRIPTION_TEXTS.refill })).toBeNull();
    // Still gone once the server's answer has been refetched: used 3 of 3.
    await userEvent.click(
      within(metformin).getByRole('button', { name: PRESCRIPTION_SCREEN_TEXTS.viewDetails }),
    );
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Metformin' });
    await waitFor(() => expect(valueOf(dialog, PRESCRIPTION_FIELD_LABELS.refills)).toBe('3 / 3'));
    await expect(within(canvasElement).getByRole('group', { name: 'Refills Available' })).toHaveTextContent(
      'Refills Available4',
    );
  },
};

/** REQ-rx: an active prescription whose refills are used up offers no Refill. */
export const RefillExhausted: Story = {
  play: async ({ canvasElement }) => {
    const atorvastatin = await card(canvasElement, 'Atorvastatin');
    await expect(within(atorvastatin).getByText(PRESCRIPTION_STATUS_LABELS.active)).toBeVisible();
    await expect(valueOf(atorvastatin, PRESCRIPTION_SCREEN_TEXTS.refillsLeft)).toBe('0');
    await expect(within(atorvastatin).queryByRole('button', { name: PRESCRIPTION_TEXTS.refill })).toBeNull();
  },
};

/** REQ-access: when the server refuses a refill, the optimistic count rolls back and its alert shows. */
export const RefillForbidden: Story = {
  tags: ['flow'],
  parameters: { msw: { handlers: { scenario: scenario.forbidden('refillPrescription') } } },
  play: async ({ canvasElement }) => {
    const metformin = await card(canvasElement, 'Metformin');
    await userEvent.click(within(metformin).getByRole('button', { name: PRESCRIPTION_TEXTS.refill }));
    await expect(await within(canvasElement).findByText(PERMISSION_ALERTS.processRefills)).toBeVisible();
    await expect(valueOf(metformin, PRESCRIPTION_SCREEN_TEXTS.refillsLeft)).toBe('2');
  },
};

/** REQ-access: patients cannot see other patients' names: John Roe appears nowhere on Jane's screen. */
export const PatientSeesNoOtherNames: Story = {
  tags: ['flow'],
  globals: { session: 'jane' },
  play: async ({ canvasElement }) => {
    await card(canvasElement, 'Metformin');
    await expect(canvasElement).not.toHaveTextContent(PERSONAS.john.name);
    await userEvent.type(within(canvasElement).getByRole('searchbox'), 'Roe');
    await expect(await within(canvasElement).findByText(PRESCRIPTION_SCREEN_TEXTS.empty)).toBeVisible();
  },
};

const fillForm = async (canvasElement: HTMLElement, refills: string) => {
  const canvas = within(canvasElement);
  await card(canvasElement, 'Metformin');
  await userEvent.click(canvas.getByRole('button', { name: PRESCRIPTION_TEXTS.createTitle }));
  const form = within(await canvas.findByRole('form', { name: PRESCRIPTION_FORM_TEXTS.title }));
  await userEvent.type(form.getByLabelText(PRESCRIPTION_FORM_TEXTS.patientName), PERSONAS.john.name);
  await userEvent.type(form.getByLabelText(PRESCRIPTION_FORM_TEXTS.patientEmail), PERSONAS.john.email);
  await userEvent.type(form.getByLabelText(PRESCRIPTION_FORM_TEXTS.medication), 'Amlodipine');
  await userEvent.type(form.getByLabelText(PRESCRIPTION_FORM_TEXTS.dosage), '5 mg');
  await userEvent.selectOptions(form.getByLabelText(PRESCRIPTION_FORM_TEXTS.frequency), 'Once daily');
  await userEvent.type(form.getByLabelText(PRESCRIPTION_FORM_TEXTS.duration), '30 days');
  const refillsInput = form.getByLabelText(PRESCRIPTION_FORM_TEXTS.refillsAllowed);
  await userEvent.clear(refillsInput);
  await userEvent.type(refillsInput, refills);
  await userEvent.type(
    form.getByLabelText(PRESCRIPTION_FORM_TEXTS.pharmacy),
    'Springfield Community Pharmacy',
  );
  await userEvent.type(form.getByLabelText(PRESCRIPTION_FORM_TEXTS.instructions), 'Take in the morning.');
  return form;
};

/** REQ-rx The Create New Prescription form filled in, before it is sent. */
export const FormFilled: Story = {
  play: async ({ canvasElement }) => {
    const form = await fillForm(canvasElement, '2');
    await expect(form.getByLabelText(PRESCRIPTION_FORM_TEXTS.refillsAllowed)).toHaveValue(2);
  },
};

/**
 * REQ-rx-refills-allowed, REQ-limit-new-prescription: Refills Allowed is at most 10; the browser refuses 12
 * and nothing is created.
 */
export const FormInvalidRefills: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const form = await fillForm(canvasElement, '12');
    const refills = form.getByLabelText(PRESCRIPTION_FORM_TEXTS.refillsAllowed);
    await userEvent.click(form.getByRole('button', { name: PRESCRIPTION_FORM_TEXTS.submit }));
    await expect(refills).toBeInvalid();
    await expect(within(canvasElement).queryByRole('region', { name: 'Amlodipine' })).toBeNull();
  },
};

/**
 * REQ-rx, REQ-limit: the new prescription is active, prescribed by the signed-in doctor, dated today for 30
 * days.
 */
export const CreatePrescription: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const form = await fillForm(canvasElement, '2');
    await userEvent.click(form.getByRole('button', { name: PRESCRIPTION_FORM_TEXTS.submit }));
    const created = await card(canvasElement, 'Amlodipine');
    await expect(within(created).getByText(PRESCRIPTION_STATUS_LABELS.active)).toBeVisible();
    await expect(valueOf(created, PRESCRIPTION_FIELD_LABELS.prescribedBy)).toBe(PERSONAS.alice.name);
    await expect(valueOf(created, PRESCRIPTION_FIELD_LABELS.startDate)).toBe('Nov 2, 2026');
    await expect(valueOf(created, PRESCRIPTION_FIELD_LABELS.endDate)).toBe('Dec 2, 2026');
    await expect(valueOf(created, PRESCRIPTION_SCREEN_TEXTS.refillsLeft)).toBe('2');
    await expect(
      within(canvasElement).queryByRole('form', { name: PRESCRIPTION_FORM_TEXTS.title }),
    ).toBeNull();
  },
};

/** Edit Prescription's action is not shown in the spec: the screen says it is not available yet. */
export const EditNotAvailable: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const metformin = await card(canvasElement, 'Metformin');
    await userEvent.click(within(metformin).getByRole('button', { name: PRESCRIPTION_TEXTS.edit }));
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(
      PRESCRIPTION_SCREEN_TEXTS.editUnavailable,
    );
  },
};
