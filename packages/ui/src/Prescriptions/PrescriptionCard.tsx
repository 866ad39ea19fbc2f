import {
  PRESCRIPTION_TEXTS,
  canShowRefill,
  formatDate,
  hasPermission,
  refillsRemaining,
  showsPatientName,
  type Prescription,
} from '@sentinel/domain';
import { Badge } from '../Badge/Badge';
import { Button } from '../Button/Button';
import { Card } from '../Card/Card';
import { useClock } from '../clock/ClockProvider';
import { EyeIcon, RefreshIcon } from '../icons/icons';
import { Stack } from '../Stack/Stack';
import { DetailList, type DetailItem } from './DetailList';
import {
  PRESCRIPTION_FIELD_LABELS as L,
  PRESCRIPTION_SCREEN_TEXTS,
  PRESCRIPTION_STATUS_LABELS,
  PRESCRIPTION_STATUS_TONE,
} from './Prescriptions.utils';

export type PrescriptionViewer = { role: string; permissions: readonly string[] };

export type PrescriptionCardProps = {
  prescription: Prescription;
  viewer: PrescriptionViewer;
  onView: (prescription: Prescription) => void;
  onRefill: (prescription: Prescription) => void;
  onEdit: (prescription: Prescription) => void;
};

/**
 * REQ-rx-card One prescription: status, refills left, medication, dosage and frequency, dates, prescriber,
 * patient (hidden for patients), pharmacy and instructions; View Details, and for write:prescriptions Refill
 * (only while canShowRefill: active with refills left, REQ-rx) and Edit Prescription.
 */
export function PrescriptionCard({
  prescription: p,
  viewer,
  onView,
  onRefill,
  onEdit,
}: PrescriptionCardProps) {
  const { locale, timeZone } = useClock();
  const none = PRESCRIPTION_SCREEN_TEXTS.none;
  const canWrite = hasPermission(viewer, 'write:prescriptions');
  const items: DetailItem[] = [
    { label: L.dosage, value: p.dosage || none },
    { label: L.frequency, value: p.frequency || none },
    { label: PRESCRIPTION_SCREEN_TEXTS.refillsLeft, value: refillsRemaining(p) },
    { label: L.startDate, value: formatDate(p.startDate, { locale, timeZone }) },
    { label: L.endDate, value: formatDate(p.endDate, { locale, timeZone }) },
    { label: L.prescribedBy, value: p.prescribedBy || none },
    ...(showsPatientName(viewer.role) ? [{ label: L.patient, value: p.patientName || none }] : []),
    ...(p.pharmacy ? [{ label: L.pharmacy, value: p.pharmacy }] : []),
    ...(p.instructions ? [{ label: L.instructions, value: p.instructions, wide: true }] : []),
  ];

  return (
    <Card
      title={p.medication || PRESCRIPTION_SCREEN_TEXTS.untitled}
      headingLevel={3}
      tone={PRESCRIPTION_STATUS_TONE[p.status]}
      actions={
        <Badge tone={PRESCRIPTION_STATUS_TONE[p.status]}>{PRESCRIPTION_STATUS_LABELS[p.status]}</Badge>
      }
    >
      <Stack space="large">
        <DetailList items={items} />
        <Stack direction="horizontal" space="small" wrap>
          <Button variant="secondary" size="small" icon={<EyeIcon size="small" />} onClick={() => onView(p)}>
            {PRESCRIPTION_SCREEN_TEXTS.viewDetails}
          </Button>
          {canShowRefill(p, viewer.permissions) ? (
            <Button size="small" icon={<RefreshIcon size="small" />} onClick={() => onRefill(p)}>
              {PRESCRIPTION_TEXTS.refill}
            </Button>
          ) : null}
          {canWrite ? (
            <Button variant="ghost" size="small" onClick={() => onEdit(p)}>
              {PRESCRIPTION_TEXTS.edit}
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </Card>
  );
}
