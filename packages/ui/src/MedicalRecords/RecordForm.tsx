import { RECORD_TEXTS } from '@sentinel/domain';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../Button/Button';
import { Dialog } from '../Dialog/Dialog';
import { Select, TextField, Textarea } from '../Field/Field';
import { FormErrorAlert } from '../Field/FormErrorAlert';
import { useFormRefusal } from '../Field/useFormRefusal';
import type { CreateRecordOutcome, NewRecord } from './MedicalRecords.data';
import * as styles from './MedicalRecords.css';
import {
  CONFIDENTIALITY_OPTIONS,
  RECORD_FORM_LABELS,
  RECORD_SCREEN_TEXTS,
  RECORD_TYPE_OPTIONS,
  emptyRecordForm,
  fieldPath,
  friendlyFieldErrors,
  toRecordCreate,
  type RecordFieldErrors,
  type RecordFormValues,
} from './MedicalRecords.utils';

export type RecordFormProps = {
  /** Today's date (YYYY-MM-DD) from the clock: the form's default date. */
  today: string;
  /** Sends the body; resolves with the server's verdict. */
  onCreate: (body: NewRecord) => Promise<CreateRecordOutcome>;
  /** Called after a successful create, and by Cancel, Close and Escape. */
  onClose: () => void;
};

const NO_ERRORS: RecordFieldErrors = {};

/**
 * REQ-rec New Record (write:patients): record type, title, description, patient e-mail, name and id, date,
 * confidentiality and optional vitals. Checked with the contract's schema before sending, and again by the
 * server; either way the errors show on their fields and focus moves to the first one.
 */
export function RecordForm({ today, onCreate, onClose }: RecordFormProps) {
  const formId = useId();
  const [values, setValues] = useState<RecordFormValues>(() => emptyRecordForm(today));
  const { formRef, errors, formError, refuse, clear } = useFormRefusal<RecordFieldErrors>(NO_ERRORS);
  const [submitting, setSubmitting] = useState(false);

  const set = (field: keyof RecordFormValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  const errorOf = (field: keyof RecordFormValues) => errors[fieldPath(field)];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const body = toRecordCreate(values);
    if (!body.ok) {
      refuse(body.error.fields ?? NO_ERRORS, body.error.message);
      return;
    }
    clear();
    setSubmitting(true);
    const outcome = await onCreate(body.value);
    setSubmitting(false);
    if (outcome.ok) {
      onClose();
      return;
    }
    refuse(friendlyFieldErrors(outcome.fields ?? {}), outcome.message);
  };

  const text = (
    field: keyof RecordFormValues,
    extra: {
      type?: 'text' | 'email' | 'date' | 'number';
      required?: boolean;
      hint?: string;
      step?: string;
      inputMode?: 'decimal' | 'numeric';
    } = {},
  ) => (
    <TextField
      label={RECORD_FORM_LABELS[field as keyof typeof RECORD_FORM_LABELS]}
      name={field}
      value={values[field]}
      onChange={set(field)}
      error={errorOf(field)}
      {...extra}
    />
  );

  return (
    <Dialog
      open
      size="large"
      title={RECORD_SCREEN_TEXTS.createTitle}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {RECORD_SCREEN_TEXTS.cancel}
          </Button>
          <Button type="submit" form={formId} loading={submitting}>
            {RECORD_SCREEN_TEXTS.createSubmit}
          </Button>
        </>
      }
    >
      <form id={formId} ref={formRef} noValidate onSubmit={submit} aria-label={RECORD_TEXTS.newRecord}>
        <div className={styles.formGrid}>
          <div className={styles.fullRow}>
            <FormErrorAlert message={formError} />
          </div>
          <Select
            label={RECORD_FORM_LABELS.recordType}
            name="recordType"
            required
            options={RECORD_TYPE_OPTIONS}
            value={values.recordType}
            onChange={set('recordType')}
            error={errorOf('recordType')}
          />
          <Select
            label={RECORD_FORM_LABELS.confidentialityLevel}
            name="confidentialityLevel"
            options={CONFIDENTIALITY_OPTIONS}
            value={values.confidentialityLevel}
            onChange={set('confidentialityLevel')}
            error={errorOf('confidentialityLevel')}
          />
          <div className={styles.fullRow}>{text('title', { required: true })}</div>
          <div className={styles.fullRow}>
            <Textarea
              label={RECORD_FORM_LABELS.description}
              name="description"
              rows={3}
              value={values.description}
              onChange={set('description')}
              error={errorOf('description')}
            />
          </div>
          {text('patientEmail', { type: 'email', required: true })}
          {text('patientName')}
          {text('patientId')}
          {text('date', { type: 'date', required: true })}
          <fieldset className={`${styles.fieldset} ${styles.fullRow}`}>
            <legend className={styles.legend}>{RECORD_SCREEN_TEXTS.vitalsLegend}</legend>
            <div className={styles.formGrid}>
              {text('bloodPressure', { hint: 'e.g. 120/80' })}
              {text('heartRate', { type: 'number', inputMode: 'numeric', step: '1' })}
              {text('temperature', { type: 'number', inputMode: 'decimal', step: '0.1' })}
              {text('weight', { type: 'number', inputMode: 'decimal', step: '0.1' })}
              {text('height', { type: 'number', inputMode: 'decimal', step: '0.1' })}
            </div>
          </fieldset>
        </div>
      </form>
    </Dialog>
  );
}
