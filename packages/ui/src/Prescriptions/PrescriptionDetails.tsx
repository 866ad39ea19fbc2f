import { formatDate, showsPatientName, type Prescription } from '@sentinel/domain';
import { Badge } from '../Badge/Badge';
import { useClock } from '../clock/ClockProvider';
import { Dialog } from '../Dialog/Dialog';
import { Stack } from '../Stack/Stack';
import { DetailList } from './DetailList';
import * as styles from './Prescriptions.css';
import {
  PRESCRIPTION_FIELD_LABELS as L,
  PRESCRIPTION_SCREEN_TEXTS,
  PRESCRIPTION_STATUS_LABELS,
  PRESCRIPTION_STATUS_TONE,
  refillsUsedOfAllowed,
} from './Prescriptions.utils';

function TextList({ items }: { items: readonly string[] }) {
  if (items.length === 0) return <>{PRESCRIPTION_SCREEN_TEXTS.noneListed}</>;
  return (
    <ul className={styles.bulletList}>
      {items.map((text, index) => (
        <li key={`${index}-${text}`}>{text}</li>
      ))}
    </ul>
  );
}

export type PrescriptionDetailsProps = {
  /** The prescription shown; the dialog is closed while undefined. */
  prescription: Prescription | undefined;
  role: string;
  onClose: () => void;
};

/**
 * REQ-rx-details The detail view: prescribed date, doctor, patient (hidden for patients), duration, start and
 * end dates, refills used/allowed, pharmacy, instructions, possible side effects and drug interactions.
 */
export function PrescriptionDetails({ prescription: p, role, onClose }: PrescriptionDetailsProps) {
  const { locale, timeZone } = useClock();
  const none = PRESCRIPTION_SCREEN_TEXTS.none;
  const date = (iso: string) => formatDate(iso, { locale, timeZone });
  return (
    <Dialog
      open={p !== undefined}
      onClose={onClose}
      title={p ? p.medication || PRESCRIPTION_SCREEN_TEXTS.untitled : ''}
      description={p ? [p.dosage, p.frequency].filter(Boolean).join(', ') || undefined : undefined}
      size="large"
    >
      {p ? (
        <Stack space="large">
          <Stack direction="horizontal" space="small">
            <Badge tone={PRESCRIPTION_STATUS_TONE[p.status]}>{PRESCRIPTION_STATUS_LABELS[p.status]}</Badge>
          </Stack>
          <DetailList
            narrow
            items={[
              { label: L.prescribedDate, value: date(p.prescribedDate) },
              { label: L.doctor, value: p.prescribedBy || none },
              ...(showsPatientName(role) ? [{ label: L.patient, value: p.patientName || none }] : []),
              { label: L.duration, value: p.duration || none },
              { label: L.startDate, value: date(p.startDate) },
              { label: L.endDate, value: date(p.endDate) },
              { label: L.refills, value: refillsUsedOfAllowed(p) },
              { label: L.pharmacy, value: p.pharmacy || none },
              { label: L.instructions, value: p.instructions || none, wide: true },
              { label: L.sideEffects, value: <TextList items={p.sideEffects} />, wide: true },
              { label: L.interactions, value: <TextList items={p.interactions} />, wide: true },
            ]}
          />
        </Stack>
      ) : null}
    </Dialog>
  );
}
