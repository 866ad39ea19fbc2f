import { CONFIDENTIALITY_TEXTS, EmergencyAccessRequestSchema } from '@sentinel/domain';
import { useId, useState, type FormEvent } from 'react';
import { Box } from '../Box/Box';
import { Button } from '../Button/Button';
import { Dialog } from '../Dialog/Dialog';
import { TextField, Textarea } from '../Field/Field';
import { FormErrorAlert } from '../Field/FormErrorAlert';
import { useFormRefusal } from '../Field/useFormRefusal';
import type { EmergencyAccessOutcome } from './MedicalRecords.data';

export type EmergencyAccessDialogProps = {
  /** Asks the server for the grant; resolves with its verdict. */
  onRequest: (patientId: string, reason: string) => Promise<EmergencyAccessOutcome>;
  /** Called after a grant (with it), and by Cancel, Close and Escape (without). */
  onClose: (outcome?: Extract<EmergencyAccessOutcome, { ok: true }>) => void;
};

type Errors = { patientId?: string; reason?: string };
const NO_ERRORS: Errors = {};

/**
 * Break-the-glass (REQ-rec-break-glass), for a doctor outside a patient's care team: the patient's ID and a reason of 10 to
 * 500 characters, checked with the contract's schema before sending and again by the server. The ID is sent as
 * typed, never guessed from the records on screen: the server takes a patient's account ID, or a patient ID
 * that exactly one patient has, and refuses (409, shown on the field) one that two accounts share. The explanation
 * says what follows: 60 minutes of access, seen by the patient, an alert to the administrators.
 */
export function EmergencyAccessDialog({ onRequest, onClose }: EmergencyAccessDialogProps) {
  const formId = useId();
  const [patientId, setPatientId] = useState('');
  const [reason, setReason] = useState('');
  const { formRef, errors, formError, refuse } = useFormRefusal<Errors>(NO_ERRORS);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const id = patientId.trim();
    const checked = EmergencyAccessRequestSchema.safeParse({ reason });
    if (!id || !checked.success) {
      refuse({
        ...(id ? {} : { patientId: CONFIDENTIALITY_TEXTS.emergencyPatientRequired }),
        ...(checked.success ? {} : { reason: CONFIDENTIALITY_TEXTS.emergencyReasonRequired }),
      });
      return;
    }
    setSubmitting(true);
    const outcome = await onRequest(id, checked.data.reason);
    setSubmitting(false);
    if (outcome.ok) {
      onClose(outcome);
      return;
    }
    refuse(
      {
        ...(outcome.fields?.id ? { patientId: outcome.fields.id } : {}),
        ...(outcome.fields?.reason ? { reason: CONFIDENTIALITY_TEXTS.emergencyReasonRequired } : {}),
      },
      outcome.message,
    );
  };

  return (
    <Dialog
      open
      title={CONFIDENTIALITY_TEXTS.emergencyTitle}
      description={CONFIDENTIALITY_TEXTS.emergencyExplanation}
      onClose={() => onClose()}
      footer={
        <>
          <Button variant="secondary" onClick={() => onClose()}>
            {CONFIDENTIALITY_TEXTS.emergencyCancel}
          </Button>
          <Button type="submit" form={formId} loading={submitting}>
            {CONFIDENTIALITY_TEXTS.emergencyConfirm}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        ref={formRef}
        noValidate
        onSubmit={submit}
        aria-label={CONFIDENTIALITY_TEXTS.emergencyTitle}
      >
        <Box display="flex" flexDirection="column" gap="medium">
          <FormErrorAlert message={formError} />
          <TextField
            label={CONFIDENTIALITY_TEXTS.emergencyPatientLabel}
            name="patientId"
            required
            value={patientId}
            onChange={(event) => setPatientId(event.target.value)}
            error={errors.patientId}
          />
          <Textarea
            label={CONFIDENTIALITY_TEXTS.emergencyReasonLabel}
            name="reason"
            required
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={errors.reason}
          />
        </Box>
      </form>
    </Dialog>
  );
}
