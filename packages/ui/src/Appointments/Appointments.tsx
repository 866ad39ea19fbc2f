import {
  APPOINTMENT_STATUS_TONE,
  APPOINTMENT_TEXTS,
  appointmentRowActions,
  appointmentSummary,
  appointmentsTitle,
  formatDateAndTime,
  hasPermission,
  showsAppointmentActions,
  showsPatientName,
  type Appointment,
  type AppointmentStatus,
} from '@sentinel/domain';
import { useId, useState } from 'react';
import { useAlerts } from '../AlertRegion/AlertRegion';
import { Badge } from '../Badge/Badge';
import { ErrorState } from '../ErrorState/ErrorState';
import { Button } from '../Button/Button';
import { useClock } from '../clock/ClockProvider';
import { ConfirmDialog } from '../Dialog/ConfirmDialog';
import { EmptyState } from '../EmptyState/EmptyState';
import { CalendarIcon, CheckIcon, TrashIcon } from '../icons/icons';
import { useCurrentUser } from '../session/SessionProvider';
import { Spinner } from '../Spinner/Spinner';
import { Stack } from '../Stack/Stack';
import { StatGrid } from '../StatTile/StatGrid';
import { Table, type TableColumn } from '../Table/Table';
import { Heading, Text } from '../Text/Text';
import { AppointmentForm } from './AppointmentForm';
import * as styles from './Appointments.css';
import {
  useAppointmentStatusMutation,
  useAppointmentsQuery,
  useCreateAppointmentMutation,
  useDeleteAppointmentMutation,
  type NewAppointment,
} from './Appointments.data';
import {
  APPOINTMENT_SCREEN_TEXTS,
  APPOINTMENT_STATUS_LABELS,
  appointmentTypeLabel,
} from './Appointments.utils';

/** Who is looking: the role picks the title and hides the Patient column; permissions pick the controls. */
export type AppointmentsViewer = { role: string; permissions: readonly string[] };

/**
 * The statuses a row action sets (REQ-appt-status-change: Confirm and Complete; no cancel action is visible).
 */
export type AppointmentStatusChange = Extract<AppointmentStatus, 'confirmed' | 'completed'>;

export type AppointmentsScreenProps = {
  /** Who is looking, which decides the title, the columns and the actions offered. */
  viewer: AppointmentsViewer;
  /** The appointments the server returned for this viewer (a patient receives only their own, REQ-access). */
  appointments: readonly Appointment[];
  /** The first load is in progress: a labelled spinner shows in place of the content. */
  loading?: boolean;
  /** The load error's message; the screen then offers 'Try again'. */
  error?: string;
  /** Asks for the data again after a failed load (the Try again button). */
  onRetry?: () => void;
  /** Resolves true when the appointment was created (the form then empties). */
  onCreate: (input: NewAppointment) => Promise<boolean> | boolean;
  /** A create request is on its way: the form's submit button shows busy and ignores presses. */
  creating?: boolean;
  /** Confirms or completes an appointment (the row's status action). */
  onSetStatus: (appointment: Appointment, status: AppointmentStatusChange) => void;
  /** Called after the user confirmed the delete. */
  onDelete: (appointment: Appointment) => void;
};

const STATUS_ACTIONS = {
  confirm: { status: 'confirmed', label: APPOINTMENT_SCREEN_TEXTS.confirm },
  complete: { status: 'completed', label: APPOINTMENT_SCREEN_TEXTS.complete },
} as const;

/**
 * REQ-appt-actions, pure: title by role, summary tiles, the create form (write:appointments), and the
 * table with status badges and row actions (Actions column only with write:appointments or delete:records).
 * Patients never see a Patient column: the server blanks other patients' names for them
 * (REQ-access-default-permissions) and every row is their own, so the column would only repeat their name.
 */
export function AppointmentsScreen({
  viewer,
  appointments,
  loading = false,
  error,
  onRetry,
  onCreate,
  creating = false,
  onSetStatus,
  onDelete,
}: AppointmentsScreenProps) {
  const { locale, timeZone } = useClock();
  const rowIdPrefix = useId();
  const [toDelete, setToDelete] = useState<Appointment | undefined>(undefined);
  const title = appointmentsTitle(viewer.role);
  const canCreate = hasPermission(viewer, 'write:appointments');
  const withActions = showsAppointmentActions(viewer.permissions);
  const withPatient = showsPatientName(viewer.role);
  const summary = appointmentSummary(appointments);
  const [patientHeader, doctorHeader, whenHeader, typeHeader, statusHeader, actionsHeader] =
    APPOINTMENT_TEXTS.columns;
  const nameCellId = (a: Appointment) => `${rowIdPrefix}-${a.id}`;
  const none = APPOINTMENT_SCREEN_TEXTS.none;

  const columns: TableColumn<Appointment>[] = [
    ...(withPatient
      ? [
          {
            key: 'patient',
            header: patientHeader,
            rowHeader: true,
            render: (a: Appointment) => (
              <Stack space="none">
                <span id={nameCellId(a)}>{a.patientName || none}</span>
                {a.patientEmail ? (
                  <Text as="span" size="small" tone="muted">
                    {a.patientEmail}
                  </Text>
                ) : null}
              </Stack>
            ),
          },
        ]
      : []),
    {
      key: 'doctor',
      header: doctorHeader,
      rowHeader: !withPatient,
      render: (a) =>
        withPatient ? a.doctorName || none : <span id={nameCellId(a)}>{a.doctorName || none}</span>,
    },
    {
      key: 'when',
      header: whenHeader,
      render: (a) => formatDateAndTime(a.date, a.time, { locale, timeZone }),
    },
    {
      key: 'type',
      header: typeHeader,
      // The spec's columns have no place for the notes; they sit under the type so what was typed is seen.
      render: (a) => (
        <Stack space="none">
          <span>{appointmentTypeLabel(a.type)}</span>
          {a.notes ? <p className={styles.notes}>{a.notes}</p> : null}
        </Stack>
      ),
    },
    {
      key: 'status',
      header: statusHeader,
      render: (a) => (
        <Badge tone={APPOINTMENT_STATUS_TONE[a.status]}>{APPOINTMENT_STATUS_LABELS[a.status]}</Badge>
      ),
    },
    ...(withActions
      ? [
          {
            key: 'actions',
            header: actionsHeader,
            render: (a: Appointment) => (
              <Stack direction="horizontal" space="small" wrap>
                {appointmentRowActions(a, viewer.permissions).map((action) =>
                  action === 'delete' ? (
                    <Button
                      key={action}
                      size="small"
                      variant="danger"
                      icon={<TrashIcon size="small" />}
                      aria-describedby={nameCellId(a)}
                      onClick={() => setToDelete(a)}
                    >
                      {APPOINTMENT_SCREEN_TEXTS.delete}
                    </Button>
                  ) : (
                    <Button
                      key={action}
                      size="small"
                      variant="secondary"
                      icon={action === 'complete' ? <CheckIcon size="small" /> : undefined}
                      aria-describedby={nameCellId(a)}
                      onClick={() => onSetStatus(a, STATUS_ACTIONS[action].status)}
                    >
                      {STATUS_ACTIONS[action].label}
                    </Button>
                  ),
                )}
              </Stack>
            ),
          },
        ]
      : []),
  ];

  return (
    <Stack space="xlarge">
      <Stack direction="horizontal" space="small">
        <CalendarIcon />
        <Heading level={2}>{title}</Heading>
      </Stack>

      {loading ? (
        <Spinner label={APPOINTMENT_SCREEN_TEXTS.loading} />
      ) : error !== undefined ? (
        <ErrorState message={error} onRetry={onRetry} />
      ) : (
        <>
          <StatGrid
            as="section"
            label={APPOINTMENT_SCREEN_TEXTS.summary}
            columns={{ mobile: 2, desktop: 4 }}
            tiles={[
              { label: APPOINTMENT_TEXTS.tiles[0], value: summary.total, tone: 'neutral' },
              {
                label: APPOINTMENT_TEXTS.tiles[1],
                value: summary.scheduled,
                tone: APPOINTMENT_STATUS_TONE.scheduled,
              },
              {
                label: APPOINTMENT_TEXTS.tiles[2],
                value: summary.confirmed,
                tone: APPOINTMENT_STATUS_TONE.confirmed,
              },
              {
                label: APPOINTMENT_TEXTS.tiles[3],
                value: summary.completed,
                tone: APPOINTMENT_STATUS_TONE.completed,
              },
            ]}
          />

          {canCreate ? <AppointmentForm onCreate={onCreate} creating={creating} /> : null}

          <Table
            caption={APPOINTMENT_SCREEN_TEXTS.tableCaption}
            hideCaption
            columns={columns}
            rows={appointments}
            rowKey={(a) => a.id}
            empty={<EmptyState title={APPOINTMENT_TEXTS.empty} />}
          />
        </>
      )}

      <ConfirmDialog
        open={toDelete !== undefined}
        title={APPOINTMENT_SCREEN_TEXTS.deleteTitle}
        message={APPOINTMENT_SCREEN_TEXTS.deleteConfirm}
        confirmLabel={APPOINTMENT_SCREEN_TEXTS.delete}
        onCancel={() => setToDelete(undefined)}
        onConfirm={() => {
          if (toDelete) onDelete(toDelete);
          setToDelete(undefined);
        }}
      />
    </Stack>
  );
}

/**
 * The appointments screen wired to the API: what dashboards render. Failed calls (including the server's 403
 * for a missing permission) show their message in the alert region; optimistic changes roll back.
 *
 * **When to use:** a patient's own appointments, or the appointment management of doctors and admins.
 * `AppointmentsScreen` takes data and callbacks as props.
 *
 * **Accessibility:** a table with a caption; the create form has labelled fields; Delete asks in a ConfirmDialog;
 * refused or failed changes are announced in the alert region and roll back.
 *
 * **Content:** dates and times from the domain formatters ("Nov 2, 2026 at 09:30"); statuses as badges with words.
 */
export function Appointments() {
  const user = useCurrentUser();
  const { show } = useAlerts();
  const list = useAppointmentsQuery();
  const create = useCreateAppointmentMutation(show);
  const status = useAppointmentStatusMutation(show);
  const remove = useDeleteAppointmentMutation(show);

  return (
    <AppointmentsScreen
      viewer={user}
      appointments={list.data ?? []}
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
      onSetStatus={(appointment, next) => status.mutate({ appointment, status: next })}
      onDelete={(appointment) => remove.mutate(appointment)}
    />
  );
}
