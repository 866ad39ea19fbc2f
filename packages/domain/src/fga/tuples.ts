/**
 * Tuples from our data for the authorization model of knowledge/fga/model.fga: the facts about documents,
 * built-in items, patients and viewers. They state facts only (roles held, roles and specializations listed);
 * the rules that combine them are in the model. REQ-kb-fga, REQ-rec-fga.
 */
import { toSpecializationSlug } from '../auth';
import {
  appointmentClinicians,
  isGrantLive,
  recordAuthorOf,
  recordOwnerOf,
  type CareFacts,
  type ConfidentialityViewer,
} from '../confidentiality';
import type { BuiltinKnowledgeItem, KnowledgeDocument, MedicalRecord } from '../entities';
import type { KnowledgeEntry, KnowledgeViewer } from '../knowledge';
import type { DataKind } from '../roles';
import type { FgaCheckRequest, FgaTuple } from './types';

/** The one clinic object: every role is a relation of it. */
export const FGA_CLINIC = 'clinic:sentinel';
/** The wildcard user: "every user", used as a marker where a document does not list something. */
export const FGA_ANY_USER = 'user:*';

/**
 * An id as an OpenFGA object id: whitespace and the characters with a meaning in tuples (`#`, `:`, `@`, `*`)
 * are percent-encoded, and so is `%` itself, so two different ids never meet and no id can become a wildcard.
 */
export function fgaId(raw: string): string {
  return raw.replace(/[\s#:@*%]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** The user object of a signed-in subject. */
export const fgaUser = (subject: string) => `user:${fgaId(subject)}`;
/** The patient object of a patient id (the REQ-data 'P-' id). */
export const fgaPatient = (patientId: string) => `patient:${fgaId(patientId)}`;
/** The specialization object of a specialization name, compared as a slug (REQ-kb-specialization). */
export const fgaSpecialization = (name: string) => `specialization:${toSpecializationSlug(name)}`;

/** The document object of a markdown document or a built-in item (built-in ids live under `builtin/`). */
export function fgaDocument(entry: KnowledgeEntry): string {
  return 'metadata' in entry ? `document:${fgaId(entry.id)}` : `document:builtin/${fgaId(entry.id)}`;
}

const tuple = (user: string, relation: string, object: string): FgaTuple => ({ user, relation, object });

/** A patient's data belongs to the clinic, so staff reach it through their clinic role. */
export function patientTuples(patientId: string): FgaTuple[] {
  return [tuple(FGA_CLINIC, 'clinic', fgaPatient(patientId))];
}

/** The roles of an access level (or required roles), as clinic role usersets. */
const accessLevelTuples = (object: string, roles: readonly string[]) =>
  [...new Set(roles)].map((role) => tuple(`${FGA_CLINIC}#${role}`, 'access_level', object));

/**
 * REQ-kb The facts of a markdown document: its clinic, the roles of its access level, the specializations it lists
 * (as slugs, or the "lists none" marker), the "not high sensitivity" marker unless it is high, "not patient
 * bound", and whether it notes prescribing authority (a medication document with prescribing authority).
 */
export function documentTuples(doc: KnowledgeDocument): FgaTuple[] {
  const object = fgaDocument(doc);
  const { accessLevel, specializationRequired, sensitivity, prescribingAuthority } = doc.metadata;
  const slugs = [...new Set(specializationRequired.map(toSpecializationSlug))].filter((s) => s.length > 0);
  return [
    tuple(FGA_CLINIC, 'clinic', object),
    ...accessLevelTuples(object, accessLevel),
    ...(slugs.length > 0
      ? slugs.map((slug) => tuple(`${fgaSpecialization(slug)}#member`, 'listed_specialization', object))
      : [tuple(FGA_ANY_USER, 'lists_no_specialization', object)]),
    ...(sensitivity === 'high' ? [] : [tuple(FGA_ANY_USER, 'not_high_sensitivity', object)]),
    tuple(FGA_ANY_USER, 'not_patient_bound', object),
    ...(doc.category === 'medication' && prescribingAuthority
      ? [tuple(FGA_ANY_USER, 'notes_prescribing_authority', object)]
      : []),
  ];
}

/**
 * REQ-kb The facts of a built-in item: its clinic and required roles; built-in items list no specialization
 * and their sensitivity levels restrict nobody; a patient-bound item names its patient (and that patient's
 * clinic).
 */
export function builtinItemTuples(item: BuiltinKnowledgeItem): FgaTuple[] {
  const object = fgaDocument(item);
  return [
    tuple(FGA_CLINIC, 'clinic', object),
    ...accessLevelTuples(object, item.requiredRole),
    tuple(FGA_ANY_USER, 'lists_no_specialization', object),
    tuple(FGA_ANY_USER, 'not_high_sensitivity', object),
    ...(item.patientId === undefined
      ? [tuple(FGA_ANY_USER, 'not_patient_bound', object)]
      : [tuple(fgaPatient(item.patientId), 'bound_patient', object), ...patientTuples(item.patientId)]),
  ];
}

/** The facts of any mix of documents and built-in items, each tuple once. */
export function knowledgeTuples(entries: readonly KnowledgeEntry[]): FgaTuple[] {
  return uniqueTuples(
    entries.flatMap((entry) => ('metadata' in entry ? documentTuples(entry) : builtinItemTuples(entry))),
  );
}

/**
 * REQ-kb-fga The facts of a viewer: the role they hold at the clinic, the specializations they hold (slugs, empty ones
 * dropped), and for a patient the patient id that is their own. Only a patient owns patient data: a patient id
 * on any other role gives nothing.
 */
export function viewerTuples(subject: string, viewer: KnowledgeViewer): FgaTuple[] {
  const user = fgaUser(subject);
  const slugs = [...new Set(viewer.specializations.map(toSpecializationSlug))].filter((s) => s.length > 0);
  return [
    tuple(user, viewer.role, FGA_CLINIC),
    ...slugs.map((slug) => tuple(user, 'member', fgaSpecialization(slug))),
    ...(viewer.role === 'patient' && viewer.patientId !== undefined
      ? [tuple(user, 'owner', fgaPatient(viewer.patientId)), ...patientTuples(viewer.patientId)]
      : []),
  ];
}

/** Tuples without repeats, first occurrence kept. */
export function uniqueTuples(tuples: readonly FgaTuple[]): FgaTuple[] {
  const seen = new Set<string>();
  return tuples.filter((t) => {
    const key = `${t.object}#${t.relation}@${t.user}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * REQ-kb-prescribing-note The document relations of the model: viewing, and the prescribing-authority note
 * (logged only).
 */
export const FGA_DOCUMENT_RELATIONS = {
  view: 'can_view',
  notesPrescribingAuthority: 'notes_prescribing_authority',
} as const;

/** REQ-access-matrix: the patient relation for each kind of data and mode. */
export const FGA_DATA_RELATIONS: Readonly<Record<DataKind, { read: string; write: string }>> = {
  patient_records: { read: 'can_read_records', write: 'can_write_records' },
  appointment_schedule: { read: 'can_read_appointments', write: 'can_write_appointments' },
  prescriptions: { read: 'can_read_prescriptions', write: 'can_write_prescriptions' },
  lab_results: { read: 'can_read_lab_results', write: 'can_write_lab_results' },
};

/**
 * REQ-kb-fga The check for "may this viewer see this document or built-in item?", carrying the viewer's and
 * the entry's facts as contextual tuples, so it needs no stored tuples (locally or on an OpenFGA server).
 */
export function documentCheck(
  subject: string,
  viewer: KnowledgeViewer,
  entry: KnowledgeEntry,
  relation: string = FGA_DOCUMENT_RELATIONS.view,
): FgaCheckRequest {
  return {
    user: fgaUser(subject),
    relation,
    object: fgaDocument(entry),
    contextualTuples: uniqueTuples([...viewerTuples(subject, viewer), ...knowledgeTuples([entry])]),
  };
}

/**
 * REQ-access The check for "may this viewer read (or write) this kind of a patient's data?" (the records tool
 * and the data access matrix), with the viewer's and the patient's facts as contextual tuples.
 */
export function patientDataCheck(
  subject: string,
  viewer: KnowledgeViewer,
  patientId: string,
  kind: DataKind,
  mode: 'read' | 'write',
): FgaCheckRequest {
  return {
    user: fgaUser(subject),
    relation: FGA_DATA_RELATIONS[kind][mode],
    object: fgaPatient(patientId),
    contextualTuples: uniqueTuples([...viewerTuples(subject, viewer), ...patientTuples(patientId)]),
  };
}

/** The record object of a medical record. */
export const fgaRecord = (recordId: string) => `record:${fgaId(recordId)}`;

/**
 * The patient object id of a record: its owner's account id (two accounts may share a display patient id, so a
 * care team keyed on that would count for both); a record without owner is its own patient.
 */
export const recordPatientId = (record: Pick<MedicalRecord, 'id' | 'ownerId'>) =>
  recordOwnerOf(record) || `unlinked-${record.id}`;

/**
 * Record confidentiality (REQ-rec-care-team): the facts of one patient's care relationship, as `careRelationship` reads
 * them: the assigned doctors, the doctors of the appointments that are not cancelled (resolved to one account
 * each), and the emergency grants live at `now` (an expired grant is no tuple).
 */
export function careTeamTuples(ownerId: string, facts: CareFacts, now: Date): FgaTuple[] {
  const patient = fgaPatient(ownerId);
  return uniqueTuples([
    ...patientTuples(ownerId),
    ...facts.assignments
      .filter((a) => a.ownerId === ownerId)
      .map((a) => tuple(fgaUser(a.clinicianSub), 'assigned_clinician', patient)),
    ...appointmentClinicians(ownerId, facts).map((sub) =>
      tuple(fgaUser(sub), 'appointment_clinician', patient),
    ),
    ...facts.grants
      .filter((g) => g.ownerId === ownerId && isGrantLive(g, now))
      .map((g) => tuple(fgaUser(g.clinicianSub), 'emergency_access', patient)),
  ]);
}

/** Record confidentiality: a record's facts: its patient and that patient's care team, its author, its level. */
export function recordTuples(
  record: Pick<MedicalRecord, 'id' | 'ownerId' | 'doctor' | 'confidentialityLevel'>,
  facts: CareFacts,
  now: Date,
): FgaTuple[] {
  const object = fgaRecord(record.id);
  const patientId = recordPatientId(record);
  const author = recordAuthorOf(record, facts.users);
  return uniqueTuples([
    tuple(fgaPatient(patientId), 'patient', object),
    ...(author === undefined ? [] : [tuple(fgaUser(author), 'author', object)]),
    tuple(FGA_ANY_USER, `level_${record.confidentialityLevel}`, object),
    ...careTeamTuples(patientId, facts, now),
  ]);
}

/**
 * Record confidentiality: the check for "may this viewer read this record?" (the data access matrix for
 * patient records, then its level), with the viewer's, the record's and the care relationship's facts as
 * contextual tuples. The viewer's REQ-kb-fga role is the one of `viewer.role`. The record's patient is named
 * by owner account id, so a patient owns it only when it is theirs, not when another account shares their
 * display id.
 */
export function recordCheck(
  viewer: ConfidentialityViewer & Pick<KnowledgeViewer, 'specializations' | 'patientId'>,
  record: Pick<MedicalRecord, 'id' | 'ownerId' | 'doctor' | 'confidentialityLevel'>,
  facts: CareFacts,
  now: Date,
): FgaCheckRequest {
  return {
    user: fgaUser(viewer.sub),
    relation: 'can_read',
    object: fgaRecord(record.id),
    contextualTuples: uniqueTuples([
      ...viewerTuples(viewer.sub, viewer),
      // A record's patient object is its owner account (recordPatientId): a patient owns the one of their account.
      ...(viewer.role === 'patient' ? [tuple(fgaUser(viewer.sub), 'owner', fgaPatient(viewer.sub))] : []),
      ...recordTuples(record, facts, now),
    ]),
  };
}
