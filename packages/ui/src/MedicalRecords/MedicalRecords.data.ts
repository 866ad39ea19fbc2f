/**
 * Data for the medical records screen (REQ-rec-details, REQ-rec-open-own, REQ-access): the record list, one
 * record opened in the details panel, and record creation, on TanStack Query over the typed API client. The
 * server filters the list by ownership and refuses other patients' records; the screen only mirrors that.
 */
import {
  PERMISSION_ALERTS,
  canOpenRecord,
  type CurrentUser,
  type EmergencyGrant,
  type MedicalRecord,
} from '@sentinel/domain';
import type { RequestBody, ResponseBody } from '@sentinel/domain/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useApi } from '../api/ApiProvider';
import { applyOptimistic, rollback } from '../api/optimisticList';
import { isApiError, messageOf } from '../api/client';

/** Ids of records created optimistically and not yet confirmed by the server start with this. */
export const PENDING_RECORD_PREFIX = 'pending-record-';
export const isPendingRecord = (record: Pick<MedicalRecord, 'id'>) =>
  record.id.startsWith(PENDING_RECORD_PREFIX);

export const recordQueryKeys = {
  list: ['records'] as const,
  item: (id: string) => ['records', 'item', id] as const,
};

type RecordList = ResponseBody<'listRecords'>;
export type NewRecord = RequestBody<'createRecord'>;

/** What the create form learns from a refused create: the message and, for invalid input, the field errors. */
export type CreateRecordOutcome =
  | { ok: true; record: MedicalRecord }
  | { ok: false; message: string; fields?: Readonly<Record<string, string>> };

/**
 * REQ-rec-open-own: the server answers 403, or 404 so as not to reveal that another patient's record exists.
 * Either way the patient is told, in the spec's words, that only their own records open.
 */
export const isRecordRefusal = (error: unknown): boolean =>
  isApiError(error) && (error.status === 403 || error.status === 404);

/** `GET /api/records`: every record for staff, the patient's own (names blanked) for a patient. */
export function useRecordsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: recordQueryKeys.list,
    queryFn: ({ signal }) => api.call('listRecords', { signal }),
    select: (data) => data.items,
  });
}

export type RecordDetailsState = {
  /** The record as the list shows it (names the panel while the full record loads). */
  summary: MedicalRecord;
  /** The record from `GET /api/records/:id`, once it has arrived. */
  record: MedicalRecord | undefined;
  loading: boolean;
};

type Viewer = Pick<CurrentUser, 'role' | 'sub' | 'permissions'>;

/**
 * The details panel: `GET /api/records/:id` for the record being opened. REQ-rec-open-own is checked here
 * first with the domain's `canOpenRecord` (a patient without read:patients opens only records their account
 * owns), and the server checks it again; a refusal from either closes the panel and goes to `onRefused` in
 * the spec's words ('You can only view your own medical records').
 */
export function useRecordDetails(viewer: Viewer, onRefused: (message: string) => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [details, setDetails] = useState<RecordDetailsState>();

  const open = useCallback(
    (record: MedicalRecord) => {
      const allowed = canOpenRecord(record, viewer);
      if (!allowed.ok) {
        onRefused(allowed.error.message);
        return;
      }
      setDetails({ summary: record, record: undefined, loading: true });
      const stillOpen = (current: RecordDetailsState | undefined) => current?.summary.id === record.id;
      queryClient
        .fetchQuery({
          queryKey: recordQueryKeys.item(record.id),
          queryFn: ({ signal }) => api.call('getRecord', { params: { id: record.id }, signal }),
          retry: false,
        })
        .then(
          (fetched) =>
            setDetails((current) =>
              stillOpen(current) ? { summary: record, record: fetched, loading: false } : current,
            ),
          (error: unknown) => {
            setDetails((current) => (stillOpen(current) ? undefined : current));
            onRefused(
              viewer.role === 'patient' && isRecordRefusal(error)
                ? PERMISSION_ALERTS.ownRecordsOnly
                : messageOf(error),
            );
          },
        );
    },
    [api, queryClient, viewer, onRefused],
  );

  const close = useCallback(() => setDetails(undefined), []);
  return { details, open, close };
}

/** The record shown in the list while the server has not yet confirmed the create. */
export function optimisticRecord(body: NewRecord, id: string, doctor: string): MedicalRecord {
  const { vitals, ...fields } = body;
  return {
    id,
    recordType: fields.recordType,
    title: fields.title,
    description: fields.description ?? '',
    patientName: fields.patientName ?? '',
    patientEmail: fields.patientEmail,
    patientId: fields.patientId ?? '',
    doctor,
    date: fields.date,
    status: 'active',
    confidentialityLevel: fields.confidentialityLevel ?? 'normal',
    ...(vitals ? { vitals } : {}),
  };
}

/**
 * `POST /api/records` (write:patients). Optimistic: the new record shows in the list at once; when the server
 * refuses, the list rolls back and the outcome carries the message and field errors to the form, which stays
 * open with the values typed (it is a modal, so it shows them itself rather than the page's alert region).
 * The doctor shown meanwhile is the signed-in user, as the server sets it.
 */
export function useCreateRecordMutation(doctor: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const counter = useRef(0);
  const mutation = useMutation({
    mutationFn: ({ body }: { body: NewRecord; tempId: string }) => api.call('createRecord', { body }),
    onMutate: ({ body, tempId }) =>
      applyOptimistic<RecordList>(queryClient, recordQueryKeys.list, (items) => [
        ...items,
        optimisticRecord(body, tempId, doctor),
      ]),
    onSuccess: (created, { tempId }) => {
      queryClient.setQueryData<RecordList>(recordQueryKeys.list, (list) =>
        list ? { items: list.items.map((r) => (r.id === tempId ? created : r)) } : list,
      );
    },
    onError: (_error, _variables, snapshot) => rollback(queryClient, recordQueryKeys.list, snapshot),
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordQueryKeys.list }),
  });

  const create = async (body: NewRecord): Promise<CreateRecordOutcome> => {
    counter.current += 1;
    try {
      const record = await mutation.mutateAsync({
        body,
        tempId: `${PENDING_RECORD_PREFIX}${counter.current}`,
      });
      return { ok: true, record };
    } catch (error) {
      return {
        ok: false,
        message: messageOf(error),
        ...(isApiError(error) && error.fields ? { fields: error.fields } : {}),
      };
    }
  };
  return { create, pending: mutation.isPending };
}

/** What the emergency-access dialog learns from the server: the grant, or the refusal with field errors. */
export type EmergencyAccessOutcome =
  | { ok: true; grant: EmergencyGrant }
  | { ok: false; message: string; fields?: Readonly<Record<string, string>> };

/**
 * Break-the-glass (REQ-rec-break-glass): `POST /api/patients/:id/emergency-access` for a doctor outside the
 * patient's care team. The id is the patient's account id (their records' `ownerId`) or a patient ID only one
 * patient has; the server resolves it and answers 409 for a shared one. On success the record list is fetched
 * again: the patient's sensitive and restricted records now come with it, for the 60 minutes of the grant.
 */
export function useEmergencyAccessMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ patient, reason }: { patient: string; reason: string }) =>
      api.call('createEmergencyAccess', { params: { id: patient }, body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordQueryKeys.list }),
  });
  const request = async (patient: string, reason: string): Promise<EmergencyAccessOutcome> => {
    try {
      return { ok: true, grant: await mutation.mutateAsync({ patient, reason }) };
    } catch (error) {
      return {
        ok: false,
        message: messageOf(error),
        ...(isApiError(error) && error.fields ? { fields: error.fields } : {}),
      };
    }
  };
  return { request, pending: mutation.isPending };
}
