import { APPOINTMENT_TYPES } from '@sentinel/domain';
import { useState, type FormEvent } from 'react';
import { Box } from '../Box/Box';
import { Button } from '../Button/Button';
import { Card } from '../Card/Card';
import { Select, TextField, Textarea } from '../Field/Field';
import { PlusIcon } from '../icons/icons';
import type { NewAppointment } from './Appointments.data';
import { APPOINTMENT_TYPE_LABELS } from './Appointments.utils';

/** The form's own words (the spec names the fields but gives the form no title or button text). */
export const APPOINTMENT_FORM_TEXTS = {
  title: 'New Appointment',
  description: 'Every field is optional; anything left empty is saved empty.',
  patientName: 'Patient name',
  patientEmail: 'Patient email',
  doctorName: 'Doctor name',
  date: 'Date',
  time: 'Time',
  type: 'Type',
  notes: 'Notes',
  submit: 'Create Appointment',
} as const;

type FormState = Required<
  Pick<NewAppointment, 'patientName' | 'patientEmail' | 'doctorName' | 'date' | 'time' | 'notes'>
> & {
  type: (typeof APPOINTMENT_TYPES)[number];
};

/**
 * The type starts on consultation, the usual visit; every other field starts empty. REQ-appt-form: there is
 * no required-field validation, so an empty field is sent as an empty string.
 */
const EMPTY_FORM: FormState = {
  patientName: '',
  patientEmail: '',
  doctorName: '',
  date: '',
  time: '',
  type: 'consultation',
  notes: '',
};

const TYPE_OPTIONS = APPOINTMENT_TYPES.map((value) => ({ value, label: APPOINTMENT_TYPE_LABELS[value] }));

const isAppointmentType = (value: string): value is FormState['type'] =>
  (APPOINTMENT_TYPES as readonly string[]).includes(value);

export type AppointmentFormProps = {
  /** Resolves true when the appointment was created, so the form empties; false keeps what was typed. */
  onCreate: (input: NewAppointment) => Promise<boolean> | boolean;
  /** Busy while the create call runs. */
  creating?: boolean;
};

/** REQ-appt-form: the create form: patient, email, doctor, date and time pickers, type, notes. */
export function AppointmentForm({ onCreate, creating = false }: AppointmentFormProps) {
  const [form, setForm] = useState<FormState>(EMPTY_FORM);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await onCreate({ ...form })) setForm(EMPTY_FORM);
  };

  return (
    <Card
      title={APPOINTMENT_FORM_TEXTS.title}
      description={APPOINTMENT_FORM_TEXTS.description}
      headingLevel={3}
    >
      <form onSubmit={(e) => void submit(e)} aria-label={APPOINTMENT_FORM_TEXTS.title}>
        <Box display="grid" gridTemplateColumns={{ mobile: 1, tablet: 2, desktop: 3 }} gap="medium">
          <TextField
            label={APPOINTMENT_FORM_TEXTS.patientName}
            autoComplete="off"
            value={form.patientName}
            onChange={(e) => set('patientName', e.target.value)}
          />
          <TextField
            label={APPOINTMENT_FORM_TEXTS.patientEmail}
            type="email"
            autoComplete="off"
            value={form.patientEmail}
            onChange={(e) => set('patientEmail', e.target.value)}
          />
          <TextField
            label={APPOINTMENT_FORM_TEXTS.doctorName}
            autoComplete="off"
            value={form.doctorName}
            onChange={(e) => set('doctorName', e.target.value)}
          />
          <TextField
            label={APPOINTMENT_FORM_TEXTS.date}
            type="date"
            value={form.date}
            onChange={(e) => set('date', e.target.value)}
          />
          <TextField
            label={APPOINTMENT_FORM_TEXTS.time}
            type="time"
            value={form.time}
            onChange={(e) => set('time', e.target.value)}
          />
          <Select
            label={APPOINTMENT_FORM_TEXTS.type}
            options={TYPE_OPTIONS}
            value={form.type}
            onChange={(e) => {
              if (isAppointmentType(e.target.value)) set('type', e.target.value);
            }}
          />
        </Box>
        <Box paddingTop="medium">
          <Textarea
            label={APPOINTMENT_FORM_TEXTS.notes}
            rows={2}
            value={form.notes}
            onChange={(e) => set('notes', e.target.value)}
          />
        </Box>
        <Box display="flex" justifyContent="flex-end" paddingTop="medium">
          <Button type="submit" icon={<PlusIcon />} loading={creating}>
            {APPOINTMENT_FORM_TEXTS.submit}
          </Button>
        </Box>
      </form>
    </Card>
  );
}
