import { FREQUENCIES, MAX_REFILLS, PRESCRIPTION_TEXTS } from '@sentinel/domain';
import { useState, type FormEvent } from 'react';
import { Box } from '../Box/Box';
import { Button } from '../Button/Button';
import { Card } from '../Card/Card';
import { Select, TextField, Textarea } from '../Field/Field';
import { PlusIcon } from '../icons/icons';
import { Stack } from '../Stack/Stack';
import type { NewPrescription } from './Prescriptions.data';

/** The form's field labels (REQ-rx) and the words the spec leaves open. */
export const PRESCRIPTION_FORM_TEXTS = {
  title: PRESCRIPTION_TEXTS.createTitle,
  description: 'The prescriber, dates and status are set when you create it.',
  patientName: 'Patient name',
  patientEmail: 'Patient email',
  medication: 'Medication',
  dosage: 'Dosage',
  frequency: 'Frequency',
  duration: 'Duration',
  instructions: 'Instructions',
  refillsAllowed: 'Refills Allowed',
  refillsHint: `A whole number from 0 to ${MAX_REFILLS}.`,
  pharmacy: 'Pharmacy',
  submit: 'Create Prescription',
  cancel: 'Cancel',
} as const;

type Frequency = (typeof FREQUENCIES)[number];

type FormState = {
  patientName: string;
  patientEmail: string;
  medication: string;
  dosage: string;
  frequency: Frequency;
  duration: string;
  instructions: string;
  /** The raw input text: the server turns a non-numeric value into 0 (REQ-rx-refills-allowed). */
  refillsAllowed: string;
  pharmacy: string;
};

const EMPTY_FORM: FormState = {
  patientName: '',
  patientEmail: '',
  medication: '',
  dosage: '',
  frequency: FREQUENCIES[0],
  duration: '',
  instructions: '',
  refillsAllowed: '0',
  pharmacy: '',
};

const FREQUENCY_OPTIONS = FREQUENCIES.map((value) => ({ value, label: value }));

const isFrequency = (value: string): value is Frequency => (FREQUENCIES as readonly string[]).includes(value);

/**
 * The request body: the form's values; an empty pharmacy is left out (it is optional, REQ-data-prescription).
 */
export function toNewPrescription({ pharmacy, ...form }: FormState): NewPrescription {
  return { ...form, ...(pharmacy.trim() ? { pharmacy } : {}) };
}

export type PrescriptionFormProps = {
  /** Resolves true when the prescription was created (the form then empties and closes). */
  onCreate: (input: NewPrescription) => Promise<boolean> | boolean;
  onCancel: () => void;
  creating?: boolean;
  id?: string;
};

/**
 * REQ-rx 'Create New Prescription': patient name, patient email (email type), medication, dosage, frequency
 * (the six choices), duration, instructions, Refills Allowed (a number, 0 to 10) and pharmacy. Required-field
 * checks are not shown in the spec, so empty values are allowed; the browser refuses a malformed e-mail and a
 * refill count outside 0..10 before anything is sent.
 */
export function PrescriptionForm({ onCreate, onCancel, creating = false, id }: PrescriptionFormProps) {
  const [form, setForm] = useState<FormState>(EMPTY_FORM);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await onCreate(toNewPrescription(form))) setForm(EMPTY_FORM);
  };

  return (
    <Card
      id={id}
      title={PRESCRIPTION_FORM_TEXTS.title}
      description={PRESCRIPTION_FORM_TEXTS.description}
      headingLevel={3}
    >
      <form onSubmit={(e) => void submit(e)} aria-label={PRESCRIPTION_FORM_TEXTS.title}>
        <Stack space="medium">
          <Box display="grid" gridTemplateColumns={{ mobile: 1, tablet: 2, desktop: 3 }} gap="medium">
            <TextField
              label={PRESCRIPTION_FORM_TEXTS.patientName}
              autoComplete="off"
              value={form.patientName}
              onChange={(e) => set('patientName', e.target.value)}
            />
            <TextField
              label={PRESCRIPTION_FORM_TEXTS.patientEmail}
              type="email"
              autoComplete="off"
              value={form.patientEmail}
              onChange={(e) => set('patientEmail', e.target.value)}
            />
            <TextField
              label={PRESCRIPTION_FORM_TEXTS.medication}
              value={form.medication}
              onChange={(e) => set('medication', e.target.value)}
            />
            <TextField
              label={PRESCRIPTION_FORM_TEXTS.dosage}
              value={form.dosage}
              onChange={(e) => set('dosage', e.target.value)}
            />
            <Select
              label={PRESCRIPTION_FORM_TEXTS.frequency}
              options={FREQUENCY_OPTIONS}
              value={form.frequency}
              onChange={(e) => {
                if (isFrequency(e.target.value)) set('frequency', e.target.value);
              }}
            />
            <TextField
              label={PRESCRIPTION_FORM_TEXTS.duration}
              value={form.duration}
              onChange={(e) => set('duration', e.target.value)}
            />
            <TextField
              label={PRESCRIPTION_FORM_TEXTS.refillsAllowed}
              hint={PRESCRIPTION_FORM_TEXTS.refillsHint}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_REFILLS}
              step={1}
              value={form.refillsAllowed}
              onChange={(e) => set('refillsAllowed', e.target.value)}
            />
            <TextField
              label={PRESCRIPTION_FORM_TEXTS.pharmacy}
              value={form.pharmacy}
              onChange={(e) => set('pharmacy', e.target.value)}
            />
          </Box>
          <Textarea
            label={PRESCRIPTION_FORM_TEXTS.instructions}
            rows={2}
            value={form.instructions}
            onChange={(e) => set('instructions', e.target.value)}
          />
          <Stack direction="horizontal" space="small" justify="end">
            <Button variant="secondary" onClick={onCancel}>
              {PRESCRIPTION_FORM_TEXTS.cancel}
            </Button>
            <Button type="submit" icon={<PlusIcon />} loading={creating}>
              {PRESCRIPTION_FORM_TEXTS.submit}
            </Button>
          </Stack>
        </Stack>
      </form>
    </Card>
  );
}
