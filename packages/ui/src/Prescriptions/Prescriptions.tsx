import {
  PRESCRIPTION_FILTERS,
  PRESCRIPTION_TEXTS,
  RECORD_TEXTS,
  filterPrescriptions,
  hasPermission,
  prescriptionStats,
  prescriptionsTitle,
  type Prescription,
  type PrescriptionFilter,
} from '@sentinel/domain';
import { useId, useState } from 'react';
import { useAlerts } from '../AlertRegion/AlertRegion';
import { Box } from '../Box/Box';
import { ErrorState } from '../ErrorState/ErrorState';
import { Button } from '../Button/Button';
import { EmptyState } from '../EmptyState/EmptyState';
import { SearchField, Select } from '../Field/Field';
import { PillIcon, PlusIcon } from '../icons/icons';
import { useCurrentUser } from '../session/SessionProvider';
import { Spinner } from '../Spinner/Spinner';
import { Stack } from '../Stack/Stack';
import { StatGrid } from '../StatTile/StatGrid';
import { Heading } from '../Text/Text';
import { PrescriptionCard, type PrescriptionViewer } from './PrescriptionCard';
import { PrescriptionDetails } from './PrescriptionDetails';
import { PrescriptionForm } from './PrescriptionForm';
import {
  useCreatePrescriptionMutation,
  usePrescriptionsQuery,
  useRefillMutation,
  type NewPrescription,
} from './Prescriptions.data';
import { PRESCRIPTION_FILTER_LABELS, PRESCRIPTION_SCREEN_TEXTS } from './Prescriptions.utils';

export type { PrescriptionViewer };

export type PrescriptionsScreenProps = {
  /**
   * Who is looking: a patient sees only their own list, a prescriber also the patient line, Refill and the
   * create form.
   */
  viewer: PrescriptionViewer;
  /**
   * The prescriptions the server returned for this viewer (a patient receives only their own, REQ-access).
   */
  prescriptions: readonly Prescription[];
  /** The first load is in progress: a labelled spinner shows in place of the content. */
  loading?: boolean;
  /** The load error's message; the screen then offers 'Try again'. */
  error?: string;
  /** Asks for the data again after a failed load (the Try again button). */
  onRetry?: () => void;
  /** Resolves true when the prescription was created (the form then empties and closes). */
  onCreate: (input: NewPrescription) => Promise<boolean> | boolean;
  /** A create request is on its way: the form's submit button shows busy and ignores presses. */
  creating?: boolean;
  /** Processes one refill (the card's Refill button, shown only where refills remain). */
  onRefill: (prescription: Prescription) => void;
  /** Edit Prescription: its action is not shown in the spec (REQ-rx). */
  onEdit: (prescription: Prescription) => void;
};

const FILTER_OPTIONS = PRESCRIPTION_FILTERS.map((value) => ({
  value,
  label: PRESCRIPTION_FILTER_LABELS[value],
}));

const isFilter = (value: string): value is PrescriptionFilter =>
  (PRESCRIPTION_FILTERS as readonly string[]).includes(value);

/**
 * REQ-rx, pure: title by role, the four tiles, search and status filter, one card per
 * prescription, the detail view, and for write:prescriptions the create form, Refill and Edit Prescription.
 * The patient is hidden from patients (the server blanks other patients' names for them anyway,
 * REQ-access-names-hidden).
 */
export function PrescriptionsScreen({
  viewer,
  prescriptions,
  loading = false,
  error,
  onRetry,
  onCreate,
  creating = false,
  onRefill,
  onEdit,
}: PrescriptionsScreenProps) {
  const formId = useId();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<PrescriptionFilter>('all');
  const [formOpen, setFormOpen] = useState(false);
  const [detailId, setDetailId] = useState<string | undefined>(undefined);
  const canCreate = hasPermission(viewer, 'write:prescriptions');
  const stats = prescriptionStats(prescriptions);
  const shown = filterPrescriptions(prescriptions, search, status);
  const narrowed = search.trim() !== '' || status !== 'all';
  // Looked up on every render, so the open detail view follows a refill.
  const detail = prescriptions.find((p) => p.id === detailId);

  const create = async (input: NewPrescription) => {
    const created = await onCreate(input);
    if (created) setFormOpen(false);
    return created;
  };

  return (
    <Stack space="xlarge">
      <Stack
        direction={{ mobile: 'vertical', tablet: 'horizontal' }}
        justify="spaceBetween"
        align={{ mobile: 'start', tablet: 'center' }}
        space="medium"
      >
        <Stack direction="horizontal" space="small">
          <PillIcon />
          <Heading level={2}>{prescriptionsTitle(viewer.role)}</Heading>
        </Stack>
        {canCreate && !loading && error === undefined ? (
          <Button
            icon={<PlusIcon />}
            aria-expanded={formOpen}
            aria-controls={formOpen ? formId : undefined}
            onClick={() => setFormOpen((open) => !open)}
          >
            {PRESCRIPTION_TEXTS.createTitle}
          </Button>
        ) : null}
      </Stack>

      {loading ? (
        <Spinner label={PRESCRIPTION_SCREEN_TEXTS.loading} />
      ) : error !== undefined ? (
        <ErrorState message={error} onRetry={onRetry} />
      ) : (
        <>
          <StatGrid
            as="section"
            label={PRESCRIPTION_SCREEN_TEXTS.summary}
            columns={{ mobile: 2, desktop: 4 }}
            tiles={[
              { label: PRESCRIPTION_TEXTS.tiles[0], value: stats.total, tone: 'neutral' },
              { label: PRESCRIPTION_TEXTS.tiles[1], value: stats.active, tone: 'info' },
              { label: PRESCRIPTION_TEXTS.tiles[2], value: stats.completed, tone: 'positive' },
              { label: PRESCRIPTION_TEXTS.tiles[3], value: stats.refillsAvailable, tone: 'accent' },
            ]}
          />

          {canCreate && formOpen ? (
            <PrescriptionForm
              id={formId}
              onCreate={create}
              onCancel={() => setFormOpen(false)}
              creating={creating}
            />
          ) : null}

          <Box
            display="grid"
            gridTemplateColumns={{ mobile: 1, tablet: 2 }}
            gap="medium"
            alignItems="flex-end"
          >
            <SearchField
              label={PRESCRIPTION_SCREEN_TEXTS.searchLabel}
              placeholder={PRESCRIPTION_SCREEN_TEXTS.searchPlaceholder}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            <Select
              label={PRESCRIPTION_SCREEN_TEXTS.statusFilter}
              options={FILTER_OPTIONS}
              value={status}
              onChange={(e) => {
                if (isFilter(e.target.value)) setStatus(e.target.value);
              }}
            />
          </Box>

          {shown.length === 0 ? (
            <EmptyState
              icon={<PillIcon size="large" />}
              title={PRESCRIPTION_SCREEN_TEXTS.empty}
              description={narrowed ? RECORD_TEXTS.emptySearchHint : undefined}
            />
          ) : (
            <Stack as="ul" space="medium" aria-label={PRESCRIPTION_SCREEN_TEXTS.list}>
              {shown.map((p) => (
                <li key={p.id}>
                  <PrescriptionCard
                    prescription={p}
                    viewer={viewer}
                    onView={(x) => setDetailId(x.id)}
                    onRefill={onRefill}
                    onEdit={onEdit}
                  />
                </li>
              ))}
            </Stack>
          )}
        </>
      )}

      <PrescriptionDetails prescription={detail} role={viewer.role} onClose={() => setDetailId(undefined)} />
    </Stack>
  );
}

/**
 * The prescriptions screen wired to the API: what dashboards render. Failed calls (including the server's 403
 * with the spec's alert) show their message in the alert region; an optimistic refill rolls back. Edit
 * Prescription has no action in the spec: it says so in the alert region rather than doing nothing silently.
 *
 * **When to use:** a patient's own prescriptions, or prescription management for doctors and admins.
 * `PrescriptionsScreen` takes data and callbacks as props.
 *
 * **Accessibility:** each prescription is a named card; search and status filter are labelled; details open in a
 * dialog; a refused refill is announced in the alert region and rolls back.
 *
 * **Content:** doses with their units ("500 mg"); refills as "1 of 3 used"; statuses as badges with words.
 */
export function Prescriptions() {
  const user = useCurrentUser();
  const { show } = useAlerts();
  const list = usePrescriptionsQuery();
  const create = useCreatePrescriptionMutation(show);
  const refill = useRefillMutation(show);

  return (
    <PrescriptionsScreen
      viewer={user}
      prescriptions={list.data ?? []}
      loading={list.isPending}
      error={list.isError ? list.error.message : undefined}
      onRetry={() => void list.refetch()}
      creating={create.isPending}
      onCreate={(input) =>
        create.mutateAsync(input).then(
          () => true,
          () => false,
        )
      }
      onRefill={(prescription) => refill.mutate(prescription)}
      onEdit={() => void show(PRESCRIPTION_SCREEN_TEXTS.editUnavailable, 'info')}
    />
  );
}
