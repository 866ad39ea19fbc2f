import {
  CONFIDENTIALITY_TEXTS,
  PERMISSION_ALERTS,
  RECORD_TEXTS,
  buildCurrentUser,
  formatDate,
  type MedicalRecord,
} from '@sentinel/domain';
import { DEFAULT_ERROR_MESSAGES } from '@sentinel/domain/contract';
import {
  FIXED_NOW,
  PERSONAS,
  authorizationFor,
  claimsFor,
  createMockApi,
  createScenarios,
  mockTokenFor,
  seedRecords,
  type PersonaKey,
} from '@sentinel/mocks';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertProvider, AlertRegion } from '../AlertRegion/AlertRegion';
import { ApiProvider, createQueryClient } from '../api/ApiProvider';
import { createApiClient } from '../api/client';
import { ACCESS_LOG_TEXTS } from '../AccessLog/AccessLog.utils';
import { ClockProvider } from '../clock/ClockProvider';
import { SessionProvider, type Session } from '../session/SessionProvider';
import { MedicalRecords, MedicalRecordsScreen, type MedicalRecordsScreenProps } from './MedicalRecords';
import { PENDING_RECORD_PREFIX, optimisticRecord, type CreateRecordOutcome } from './MedicalRecords.data';
import {
  RECORD_FIELD_MESSAGES,
  RECORD_FORM_LABELS,
  RECORD_SCREEN_TEXTS,
  emptyRecordForm,
  friendlyFieldErrors,
  isRecordFilter,
  toRecordCreate,
} from './MedicalRecords.utils';

const TODAY = '2026-11-02';
const JANE = 'jane.doe@example.com';

/**
 * What a patient receives from the server: their own records, patient names blanked
 * (REQ-access-names-hidden).
 */
const janeRecords = () =>
  seedRecords()
    .filter((r) => r.patientEmail === JANE)
    .map((r) => ({ ...r, patientName: '' }));

const recordById = (id: string): MedicalRecord => {
  const found = seedRecords().find((r) => r.id === id);
  if (!found) throw new Error(id);
  return found;
};

function renderScreen(props: Partial<MedicalRecordsScreenProps> = {}) {
  const handlers = {
    onViewDetails: vi.fn<MedicalRecordsScreenProps['onViewDetails']>(),
    onCloseDetails: vi.fn(),
    onEditRecord: vi.fn<MedicalRecordsScreenProps['onEditRecord']>(),
    onCreate: vi.fn<MedicalRecordsScreenProps['onCreate']>(async (): Promise<CreateRecordOutcome> => ({
      ok: true,
      record: recordById('rec-001'),
    })),
    onRetry: vi.fn(),
  };
  const view = render(
    <MedicalRecordsScreen
      viewerRole="doctor"
      records={seedRecords()}
      canWrite
      today={TODAY}
      {...handlers}
      {...props}
    />,
  );
  return { ...handlers, ...view };
}

const cards = () =>
  within(screen.getByRole('list', { name: RECORD_SCREEN_TEXTS.listLabel })).getAllByRole('article');
const cardFor = (title: string) => {
  const card = screen.getByRole('article', { name: title });
  return within(card);
};
/** Types a value the way a user pastes it: one input event, so long values do not slow the tests down. */
async function fill(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

const tile = (label: string) => screen.getByRole('group', { name: label });

describe('MedicalRecordsScreen', () => {
  it('titles the screen My Medical Records for a patient and Patient Medical Records for staff', () => {
    const { unmount } = renderScreen({ viewerRole: 'patient', records: janeRecords(), canWrite: false });
    expect(screen.getByRole('heading', { level: 2, name: RECORD_TEXTS.titlePatient })).toBeTruthy();
    unmount();
    renderScreen({ viewerRole: 'admin' });
    expect(screen.getByRole('heading', { level: 2, name: RECORD_TEXTS.titleOther })).toBeTruthy();
  });

  it('counts all records, diagnoses, lab results, prescriptions and visit notes in the five tiles', () => {
    renderScreen();
    expect(tile('Total Records').textContent).toContain('12');
    expect(tile('Diagnoses').textContent).toContain('3');
    expect(tile('Lab Results').textContent).toContain('3');
    expect(tile('Prescriptions').textContent).toContain('2');
    expect(tile('Visit Notes').textContent).toContain('2');
  });

  it('shows each card with type, confidentiality, title, description, date, doctor, patient and vitals', () => {
    renderScreen();
    const card = cardFor('Type 2 diabetes mellitus');
    expect(card.getByText('Diagnosis')).toBeTruthy();
    expect(card.getByText('Sensitive')).toBeTruthy();
    expect(card.getByText(/A1C 7.4%/)).toBeTruthy();
    expect(card.getByText(formatDate(recordById('rec-001').date))).toBeTruthy();
    expect(card.getByText('Dr. Alice Smith')).toBeTruthy();
    expect(card.getByText('Jane Doe')).toBeTruthy();
    expect(card.getByText('128/82 mmHg').textContent).toBe('Blood pressure: 128/82 mmHg');
    expect(card.getByText('98.6 °F').textContent).toBe('Temperature: 98.6 °F');
  });

  it('labels each confidentiality level in words: normal, sensitive and restricted', () => {
    renderScreen();
    expect(cardFor('Hemoglobin A1C and fasting plasma glucose').getByText('Normal')).toBeTruthy();
    expect(cardFor('Emergency visit: chest tightness on exertion').getByText('Sensitive')).toBeTruthy();
    expect(cardFor('Generalized anxiety disorder').getByText('Restricted')).toBeTruthy();
  });

  it('hides patient names from a patient', () => {
    renderScreen({
      viewerRole: 'patient',
      records: seedRecords().filter((r) => r.patientEmail === JANE),
      canWrite: false,
    });
    expect(screen.queryByText('Jane Doe')).toBeNull();
    expect(cardFor('Type 2 diabetes mellitus').queryByText(RECORD_SCREEN_TEXTS.patient)).toBeNull();
  });

  it('searches titles, descriptions and patient names', async () => {
    const user = userEvent.setup();
    renderScreen();
    const search = screen.getByRole('searchbox', { name: RECORD_SCREEN_TEXTS.searchLabel });
    await user.click(search);
    await user.paste('lisinopril');
    expect(cards().map((c) => c.textContent)).toEqual([
      expect.stringContaining('Stage 2 hypertension'),
      expect.stringContaining('Lisinopril 10 mg started'),
    ]);
    await user.clear(search);
    await user.paste('john roe');
    expect(cards()).toHaveLength(6);
  });

  it('filters by record type', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.selectOptions(
      screen.getByRole('combobox', { name: RECORD_SCREEN_TEXTS.filterLabel }),
      'imaging',
    );
    expect(cards()).toHaveLength(2);
    expect(screen.getByRole('article', { name: 'Retinal photography' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Transthoracic echocardiogram' })).toBeTruthy();
  });

  it('says no medical records were found, with the search hint only while a search is active', async () => {
    const user = userEvent.setup();
    const { unmount } = renderScreen({ records: [] });
    expect(screen.getByText(RECORD_TEXTS.empty)).toBeTruthy();
    expect(screen.queryByText(RECORD_TEXTS.emptySearchHint)).toBeNull();
    unmount();
    renderScreen();
    await user.click(screen.getByRole('searchbox', { name: RECORD_SCREEN_TEXTS.searchLabel }));
    await user.paste('no such thing');
    expect(screen.getByText(RECORD_TEXTS.empty)).toBeTruthy();
    expect(screen.getByText(RECORD_TEXTS.emptySearchHint)).toBeTruthy();
  });

  it('shows the loading state while records load', () => {
    renderScreen({ records: undefined, loading: true });
    expect(screen.getByRole('status').textContent).toContain(RECORD_SCREEN_TEXTS.loading);
  });

  it('shows a failed load with Try again', async () => {
    const user = userEvent.setup();
    const { onRetry } = renderScreen({ records: undefined, error: 'Something went wrong on our side.' });
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong on our side.');
    await user.click(screen.getByRole('button', { name: RECORD_SCREEN_TEXTS.retry }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('asks to open a record with View Details', async () => {
    const user = userEvent.setup();
    const { onViewDetails } = renderScreen();
    await user.click(cardFor('Retinal photography').getByRole('button', { name: RECORD_TEXTS.viewDetails }));
    expect(onViewDetails).toHaveBeenCalledWith(expect.objectContaining({ id: 'rec-005' }));
  });

  it('shows date, doctor, patient, patient ID, description and vitals in the details panel', () => {
    const record = recordById('rec-001');
    renderScreen({ details: { summary: record, record, loading: false } });
    const dialog = within(screen.getByRole('dialog', { name: record.title }));
    expect(dialog.getByText(formatDate(record.date))).toBeTruthy();
    expect(dialog.getByText('Dr. Alice Smith')).toBeTruthy();
    expect(dialog.getByText('Jane Doe')).toBeTruthy();
    expect(dialog.getByText(record.patientId)).toBeTruthy();
    expect(dialog.getByText(record.description)).toBeTruthy();
    for (const value of ['128/82 mmHg', '72 bpm', '98.6 °F', '78.4 kg', '165 cm']) {
      expect(dialog.getByText(value)).toBeTruthy();
    }
  });

  it('shows a spinner in the details panel until the record arrives', () => {
    const record = recordById('rec-002');
    renderScreen({ details: { summary: record, record: undefined, loading: true } });
    const dialog = within(screen.getByRole('dialog', { name: record.title }));
    expect(dialog.getByRole('status').textContent).toContain(RECORD_SCREEN_TEXTS.loading);
  });

  it('closes the details panel with Close', async () => {
    const user = userEvent.setup();
    const record = recordById('rec-002');
    const { onCloseDetails } = renderScreen({ details: { summary: record, record, loading: false } });
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: RECORD_TEXTS.close }));
    expect(onCloseDetails).toHaveBeenCalledOnce();
  });

  it('offers Edit Record only with write:patients, and shows the notice it is given', async () => {
    const user = userEvent.setup();
    const record = recordById('rec-002');
    const details = { summary: record, record, loading: false };
    const { onEditRecord, unmount } = renderScreen({ details });
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: RECORD_TEXTS.editRecord }),
    );
    expect(onEditRecord).toHaveBeenCalledWith(record);
    unmount();
    renderScreen({ details, detailsNotice: RECORD_SCREEN_TEXTS.editUnavailable });
    expect(within(screen.getByRole('dialog')).getByText(RECORD_SCREEN_TEXTS.editUnavailable)).toBeTruthy();
    renderScreen({ details, canWrite: false });
    expect(screen.getAllByRole('button', { name: RECORD_TEXTS.editRecord })).toHaveLength(1);
  });

  it('offers New Record only with write:patients', () => {
    const { unmount } = renderScreen({ canWrite: false });
    expect(screen.queryByRole('button', { name: RECORD_TEXTS.newRecord })).toBeNull();
    unmount();
    renderScreen();
    expect(screen.getByRole('button', { name: RECORD_TEXTS.newRecord })).toBeTruthy();
  });

  it('sends a new record from the form and closes it when the server accepts', async () => {
    const user = userEvent.setup();
    const { onCreate } = renderScreen();
    await user.click(screen.getByRole('button', { name: RECORD_TEXTS.newRecord }));
    const form = within(screen.getByRole('dialog', { name: RECORD_SCREEN_TEXTS.createTitle }));
    await user.selectOptions(
      form.getByRole('combobox', { name: RECORD_FORM_LABELS.recordType }),
      'lab-result',
    );
    await fill(user, form.getByRole('textbox', { name: /^Title/ }), 'Thyroid panel');
    await fill(user, form.getByRole('textbox', { name: /^Patient email/ }), JANE);
    await fill(user, form.getByRole('textbox', { name: RECORD_FORM_LABELS.patientName }), 'Jane Doe');
    await fill(user, form.getByRole('spinbutton', { name: RECORD_FORM_LABELS.heartRate }), '64');
    await user.click(form.getByRole('button', { name: RECORD_SCREEN_TEXTS.createSubmit }));
    expect(onCreate).toHaveBeenCalledWith({
      recordType: 'lab-result',
      title: 'Thyroid panel',
      description: '',
      patientEmail: JANE,
      patientName: 'Jane Doe',
      patientId: '',
      date: TODAY,
      confidentialityLevel: 'normal',
      vitals: { heartRate: 64 },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows field errors and sends nothing when required fields are missing or vitals are out of range', async () => {
    const user = userEvent.setup();
    const { onCreate } = renderScreen();
    await user.click(screen.getByRole('button', { name: RECORD_TEXTS.newRecord }));
    const form = within(screen.getByRole('dialog'));
    await fill(user, form.getByRole('textbox', { name: /^Patient email/ }), 'not-an-email');
    await fill(user, form.getByRole('spinbutton', { name: RECORD_FORM_LABELS.heartRate }), '900');
    await user.click(form.getByRole('button', { name: RECORD_SCREEN_TEXTS.createSubmit }));
    expect(onCreate).not.toHaveBeenCalled();
    expect(form.getByText(RECORD_FIELD_MESSAGES.title as string)).toBeTruthy();
    expect(form.getByText(RECORD_FIELD_MESSAGES.patientEmail as string)).toBeTruthy();
    expect(form.getByText(RECORD_FIELD_MESSAGES['vitals.heartRate'] as string)).toBeTruthy();
    expect(form.getByRole('textbox', { name: /^Title/ }).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(form.getByRole('textbox', { name: /^Title/ }));
  });

  it('keeps the form open with the server’s message and field errors when the create is refused', async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn(async (): Promise<CreateRecordOutcome> => ({
      ok: false,
      message: 'The request is not valid.',
      fields: { patientEmail: 'Invalid email address' },
    }));
    renderScreen({ onCreate });
    await user.click(screen.getByRole('button', { name: RECORD_TEXTS.newRecord }));
    const form = within(screen.getByRole('dialog'));
    await fill(user, form.getByRole('textbox', { name: /^Title/ }), 'Note');
    await fill(user, form.getByRole('textbox', { name: /^Patient email/ }), 'someone@example.com');
    await user.click(form.getByRole('button', { name: RECORD_SCREEN_TEXTS.createSubmit }));
    expect(form.getByRole('alert').textContent).toContain('The request is not valid.');
    expect(form.getByText(RECORD_FIELD_MESSAGES.patientEmail as string)).toBeTruthy();
    expect((form.getByRole('textbox', { name: /^Title/ }) as HTMLInputElement).value).toBe('Note');
  });

  it('shows a record still being saved with its View Details busy', () => {
    const pending = { ...recordById('rec-002'), id: `${PENDING_RECORD_PREFIX}1`, title: 'Saving me' };
    renderScreen({ records: [pending] });
    const button = cardFor('Saving me').getByRole('button', { name: RECORD_TEXTS.viewDetails });
    expect(button.getAttribute('aria-busy')).toBe('true');
  });
});

describe('toRecordCreate', () => {
  const filled = () => ({
    ...emptyRecordForm(TODAY),
    title: '  Chest X-ray ',
    patientEmail: ' john.roe@example.com ',
  });

  it('leaves vitals out when none is given and trims the text', () => {
    const result = toRecordCreate(filled());
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({ title: 'Chest X-ray', patientEmail: 'john.roe@example.com' }),
    });
    expect(result.ok && 'vitals' in result.value).toBe(false);
  });

  it('turns vitals into numbers and keeps blood pressure as text', () => {
    const result = toRecordCreate({
      ...filled(),
      bloodPressure: '120/80',
      temperature: '98.6',
      weight: '70',
      height: '170',
    });
    expect(result.ok && result.value.vitals).toEqual({
      bloodPressure: '120/80',
      temperature: 98.6,
      weight: 70,
      height: 170,
    });
  });

  it('reports a vital that is not a number on its own field', () => {
    const result = toRecordCreate({ ...filled(), weight: 'heavy' });
    expect(result.ok ? undefined : result.error.fields).toEqual({
      'vitals.weight': RECORD_FIELD_MESSAGES['vitals.weight'],
    });
  });

  it('reports a malformed blood pressure', () => {
    const result = toRecordCreate({ ...filled(), bloodPressure: '120-80' });
    expect(result.ok ? undefined : result.error.fields).toEqual({
      'vitals.bloodPressure': RECORD_FIELD_MESSAGES['vitals.bloodPressure'],
    });
  });

  it('keeps the message of a field it has no wording for', () => {
    expect(friendlyFieldErrors({ title: 'x', '(root)': 'Bad body' })).toEqual({
      title: RECORD_FIELD_MESSAGES.title,
      '(root)': 'Bad body',
    });
  });
});

describe('helpers', () => {
  it('recognises the six type filters and nothing else', () => {
    expect(
      ['all', 'diagnosis', 'lab-result', 'prescription', 'visit-note', 'imaging'].every(isRecordFilter),
    ).toBe(true);
    expect(isRecordFilter('x-ray')).toBe(false);
  });

  it('builds the optimistic record as the server will: active, by the signed-in doctor, normal by default', () => {
    const record = optimisticRecord(
      { recordType: 'imaging', title: 'MRI', patientEmail: JANE, date: TODAY },
      'pending-record-1',
      'Dr. Alice Smith',
    );
    expect(record).toEqual({
      id: 'pending-record-1',
      recordType: 'imaging',
      title: 'MRI',
      description: '',
      patientName: '',
      patientEmail: JANE,
      patientId: '',
      doctor: 'Dr. Alice Smith',
      date: TODAY,
      status: 'active',
      confidentialityLevel: 'normal',
    });
  });
});

describe('MedicalRecords (connected to the mock API)', () => {
  const BASE_URL = 'http://localhost';
  const CLOCK = { now: () => new Date(FIXED_NOW), locale: 'en-US', timeZone: 'UTC' };
  const scenarioFor = createScenarios({ baseUrl: BASE_URL });
  const api = createMockApi({ baseUrl: BASE_URL });
  const server = setupServer(...api.handlers);
  const requests: string[] = [];
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    server.events.on(
      'request:start',
      ({ request }) => void requests.push(`${request.method} ${new URL(request.url).pathname}`),
    );
  });
  beforeEach(() => {
    api.reset();
    requests.length = 0;
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  function renderConnected(who: PersonaKey) {
    const built = buildCurrentUser(claimsFor(PERSONAS[who]));
    if (!built.ok) throw new Error(built.error.message);
    const session: Session = { status: 'signedIn', user: built.value, mfa: false, logout: () => undefined };
    const client = createApiClient({ baseUrl: BASE_URL, getAccessToken: async () => mockTokenFor(who) });
    render(
      <ClockProvider clock={CLOCK}>
        <SessionProvider session={session}>
          <ApiProvider client={client} queryClient={createQueryClient()}>
            <AlertProvider>
              <AlertRegion />
              <MedicalRecords />
            </AlertProvider>
          </ApiProvider>
        </SessionProvider>
      </ClockProvider>,
    );
    return userEvent.setup();
  }

  it('shows a patient only her own records, without patient names', async () => {
    renderConnected('jane');
    await screen.findByRole('article', { name: 'Type 2 diabetes mellitus' });
    expect(cards()).toHaveLength(6);
    expect(screen.queryByText('Jane Doe')).toBeNull();
    expect(screen.queryByRole('button', { name: RECORD_TEXTS.newRecord })).toBeNull();
  });

  it('shows a patient who viewed her records, her own visit included, below the list', async () => {
    const alice = await fetch(`${BASE_URL}/api/records/rec-001`, {
      headers: { Authorization: authorizationFor('alice') },
    });
    expect(alice.status).toBe(200);
    renderConnected('jane');
    const log = within(await screen.findByRole('region', { name: ACCESS_LOG_TEXTS.title }));
    const rows = within(await log.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining(`${ACCESS_LOG_TEXTS.you}Listed records`),
      expect.stringContaining('Opened record rec-001'),
    ]);
    expect(requests.indexOf('GET /api/audit')).toBeGreaterThan(requests.indexOf('GET /api/records'));
  });

  it('shows a doctor no access log', async () => {
    renderConnected('alice');
    await screen.findByRole('article', { name: 'Stage 2 hypertension' });
    expect(screen.queryByRole('region', { name: ACCESS_LOG_TEXTS.title })).toBeNull();
    expect(requests).not.toContain('GET /api/audit');
  });

  it('refuses, before asking the server, to open a record that is not the patient’s own', async () => {
    const johns = recordById('rec-008');
    server.use(http.get(`${BASE_URL}/api/records`, () => HttpResponse.json({ items: [johns] })));
    const user = renderConnected('jane');
    const card = within(await screen.findByRole('article', { name: johns.title }));
    await user.click(card.getByRole('button', { name: RECORD_TEXTS.viewDetails }));
    expect(screen.getByRole('alert').textContent).toBe(PERMISSION_ALERTS.ownRecordsOnly);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests).not.toContain(`GET /api/records/${johns.id}`);
  });

  it('tells a patient in the spec’s words when the server refuses to open a record', async () => {
    server.use(...scenarioFor.forbidden('getRecord'));
    const user = renderConnected('jane');
    const card = within(await screen.findByRole('article', { name: 'Retinal photography' }));
    await user.click(card.getByRole('button', { name: RECORD_TEXTS.viewDetails }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(PERMISSION_ALERTS.ownRecordsOnly));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the record from the server in the details panel', async () => {
    const user = renderConnected('alice');
    const card = within(await screen.findByRole('article', { name: 'Stage 2 hypertension' }));
    await user.click(card.getByRole('button', { name: RECORD_TEXTS.viewDetails }));
    const dialog = within(screen.getByRole('dialog', { name: 'Stage 2 hypertension' }));
    expect(await dialog.findByText('150/93 mmHg')).toBeTruthy();
    expect(requests).toContain('GET /api/records/rec-008');
    await user.click(dialog.getByRole('button', { name: RECORD_TEXTS.editRecord }));
    expect(dialog.getByRole('status').textContent).toBe(RECORD_SCREEN_TEXTS.editUnavailable);
  });

  it('creates a record that the server stores and the list shows', async () => {
    const user = renderConnected('alice');
    await screen.findByRole('article', { name: 'Stage 2 hypertension' });
    await user.click(screen.getByRole('button', { name: RECORD_TEXTS.newRecord }));
    const form = within(screen.getByRole('dialog', { name: RECORD_SCREEN_TEXTS.createTitle }));
    await fill(user, form.getByRole('textbox', { name: /^Title/ }), 'Follow-up lipid panel');
    await fill(user, form.getByRole('textbox', { name: /^Patient email/ }), 'john.roe@example.com');
    await user.click(form.getByRole('button', { name: RECORD_SCREEN_TEXTS.createSubmit }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('article', { name: 'Follow-up lipid panel' })).toBeTruthy();
    expect(api.store.records.at(-1)).toMatchObject({
      title: 'Follow-up lipid panel',
      doctor: 'Dr. Alice Smith',
      patientId: PERSONAS.john.patientId,
    });
  });

  it('rolls the optimistic record back and keeps the form open when the server refuses the create', async () => {
    server.use(...scenarioFor.error('createRecord'));
    const user = renderConnected('alice');
    await screen.findByRole('article', { name: 'Stage 2 hypertension' });
    await user.click(screen.getByRole('button', { name: RECORD_TEXTS.newRecord }));
    const form = within(screen.getByRole('dialog', { name: RECORD_SCREEN_TEXTS.createTitle }));
    await fill(user, form.getByRole('textbox', { name: /^Title/ }), 'Never stored');
    await fill(user, form.getByRole('textbox', { name: /^Patient email/ }), 'john.roe@example.com');
    await user.click(form.getByRole('button', { name: RECORD_SCREEN_TEXTS.createSubmit }));
    expect(await form.findByText(DEFAULT_ERROR_MESSAGES.internal)).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Never stored' })).toBeNull();
    expect(api.store.records).toHaveLength(12);
  });

  describe('emergency access (REQ-rec-break-glass)', () => {
    const RESTRICTED = 'Generalized anxiety disorder'; // rec-006, Jane's restricted record by Dr. Smith

    it('is offered to doctors only', async () => {
      renderConnected('jane');
      await screen.findByRole('article', { name: 'Type 2 diabetes mellitus' });
      expect(screen.queryByRole('button', { name: CONFIDENTIALITY_TEXTS.emergencyButton })).toBeNull();
    });

    it('asks for the patient and a real reason, then shows the patient’s restricted record', async () => {
      const user = renderConnected('ben');
      await screen.findByRole('article', { name: 'Type 2 diabetes mellitus' });
      expect(screen.queryByRole('article', { name: RESTRICTED })).toBeNull();

      await user.click(screen.getByRole('button', { name: CONFIDENTIALITY_TEXTS.emergencyButton }));
      const dialog = within(screen.getByRole('dialog', { name: CONFIDENTIALITY_TEXTS.emergencyTitle }));
      await fill(user, dialog.getByRole('textbox', { name: /^Reason/ }), 'urgent');
      await user.click(dialog.getByRole('button', { name: CONFIDENTIALITY_TEXTS.emergencyConfirm }));
      expect(await dialog.findByText(CONFIDENTIALITY_TEXTS.emergencyPatientRequired)).toBeTruthy();
      expect(dialog.getByText(CONFIDENTIALITY_TEXTS.emergencyReasonRequired)).toBeTruthy();
      expect(api.store.emergencyGrants).toHaveLength(0);

      await fill(user, dialog.getByRole('textbox', { name: /^Patient ID/ }), 'P-000001');
      await fill(user, dialog.getByRole('textbox', { name: /^Reason/ }), 'Unconscious in the emergency room');
      await user.click(dialog.getByRole('button', { name: CONFIDENTIALITY_TEXTS.emergencyConfirm }));
      expect(await screen.findByRole('article', { name: RESTRICTED })).toBeTruthy();
      expect(screen.queryByRole('dialog', { name: CONFIDENTIALITY_TEXTS.emergencyTitle })).toBeNull();
      expect(screen.getByText(new RegExp(`^${CONFIDENTIALITY_TEXTS.emergencyGranted}`))).toBeTruthy();
      expect(api.store.emergencyGrants.map((g) => g.clinicianSub)).toEqual([PERSONAS.ben.sub]);
    });

    it('shows the server’s refusal in the dialog and keeps what was typed', async () => {
      const user = renderConnected('alice');
      await screen.findByRole('article', { name: RESTRICTED });
      await user.click(screen.getByRole('button', { name: CONFIDENTIALITY_TEXTS.emergencyButton }));
      const dialog = within(screen.getByRole('dialog', { name: CONFIDENTIALITY_TEXTS.emergencyTitle }));
      await fill(user, dialog.getByRole('textbox', { name: /^Patient ID/ }), 'P-000001');
      await fill(user, dialog.getByRole('textbox', { name: /^Reason/ }), 'Unconscious in the emergency room');
      await user.click(dialog.getByRole('button', { name: CONFIDENTIALITY_TEXTS.emergencyConfirm }));
      expect(await dialog.findByText(CONFIDENTIALITY_TEXTS.emergencyAlreadyAssigned)).toBeTruthy();
      expect(dialog.getByRole('textbox', { name: /^Patient ID/ })).toHaveProperty('value', 'P-000001');
    });

    it('refuses a patient ID two accounts share on the field, and grants for the account ID', async () => {
      const jane = api.store.users.find((u) => u.id === PERSONAS.jane.sub)!;
      api.store.seed((ops) =>
        ops.insertUser({ ...jane, id: 'other|twin-000001', name: 'Toni Twin', email: 'toni@example.com' }),
      );
      const user = renderConnected('ben');
      await screen.findByRole('article', { name: 'Type 2 diabetes mellitus' });
      await user.click(screen.getByRole('button', { name: CONFIDENTIALITY_TEXTS.emergencyButton }));
      const dialog = within(screen.getByRole('dialog', { name: CONFIDENTIALITY_TEXTS.emergencyTitle }));
      const patientField = dialog.getByRole('textbox', { name: /^Patient ID/ });
      await fill(user, patientField, 'P-000001');
      await fill(user, dialog.getByRole('textbox', { name: /^Reason/ }), 'Unconscious in the emergency room');
      await user.click(dialog.getByRole('button', { name: CONFIDENTIALITY_TEXTS.emergencyConfirm }));
      await waitFor(() => expect(patientField.getAttribute('aria-invalid')).toBe('true'));
      expect(dialog.getAllByText(CONFIDENTIALITY_TEXTS.emergencyPatientAmbiguous).length).toBeGreaterThan(0);
      expect(api.store.emergencyGrants).toHaveLength(0);

      await user.clear(patientField);
      await fill(user, patientField, PERSONAS.jane.sub);
      await user.click(dialog.getByRole('button', { name: CONFIDENTIALITY_TEXTS.emergencyConfirm }));
      expect(await screen.findByRole('article', { name: RESTRICTED })).toBeTruthy();
      expect(api.store.emergencyGrants.map((g) => g.ownerId)).toEqual([PERSONAS.jane.sub]);
    });
  });
});
