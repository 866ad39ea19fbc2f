/**
 * Pure helpers of the knowledge base screen: the REQ-kb category chips and their filter, display labels and
 * badge tones for REQ-data-document categories, sensitivities and roles, and the screen's own texts (the spec
 * gives none for them).
 */
import { RETRY_LABEL } from '../ErrorState/ErrorState';
import type { DocumentCategory, DocumentSensitivity, Role } from '@sentinel/domain';
import type { Tone } from '../theme/tokens';

/** REQ-kb-categories Category chips, in the spec's order. */
export const KNOWLEDGE_CATEGORY_FILTERS = ['all', 'diagnostic', 'treatment', 'medication'] as const;
export type KnowledgeCategoryFilter = (typeof KNOWLEDGE_CATEGORY_FILTERS)[number];

export const CATEGORY_LABELS: Readonly<Record<KnowledgeCategoryFilter, string>> = {
  all: 'All',
  diagnostic: 'Diagnostic',
  treatment: 'Treatment',
  medication: 'Medication',
};

/** REQ-kb-categories Category chips: 'all' keeps every item, any other keeps that category only. */
export function filterByCategory<T extends { category: DocumentCategory }>(
  items: readonly T[],
  category: KnowledgeCategoryFilter,
): T[] {
  return category === 'all' ? [...items] : items.filter((item) => item.category === category);
}

/**
 * Chips toggle: pressing a category selects it; pressing the selected category again goes back to all.
 * Pressing All always selects all.
 */
export function toggleCategory(
  current: KnowledgeCategoryFilter,
  pressed: KnowledgeCategoryFilter,
): KnowledgeCategoryFilter {
  return pressed === current && pressed !== 'all' ? 'all' : pressed;
}

export const SENSITIVITY_LABELS: Readonly<Record<DocumentSensitivity, string>> = {
  low: 'Low sensitivity',
  medium: 'Medium sensitivity',
  high: 'High sensitivity',
};

/** Sensitivity badges: low positive, medium caution, high critical (the badge text says which). */
export const SENSITIVITY_TONES: Readonly<Record<DocumentSensitivity, Tone>> = {
  low: 'positive',
  medium: 'caution',
  high: 'critical',
};

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  patient: 'Patient',
  doctor: 'Doctor',
  admin: 'Admin',
  nurse: 'Nurse',
  pharmacist: 'Pharmacist',
  lab_tech: 'Lab Tech',
  dietitian: 'Dietitian',
};

/** A role as shown; a role outside the seven (never sent by the server) shows as given. */
export const roleLabel = (role: string): string => (role in ROLE_LABELS ? ROLE_LABELS[role as Role] : role);

/**
 * REQ-kb-detail Allowed roles: the user's own role is highlighted by tone and by words, never by colour
 * alone.
 */
export function allowedRoleBadge(role: Role, viewerRole: string): { text: string; tone: Tone } {
  return role === viewerRole
    ? { text: `${ROLE_LABELS[role]} ${KNOWLEDGE_SCREEN_TEXTS.you}`, tone: 'info' }
    : { text: ROLE_LABELS[role], tone: 'neutral' };
}

/** Texts of this screen the spec leaves open. They live here until they are moved to the domain's texts.ts. */
export const KNOWLEDGE_SCREEN_TEXTS = {
  title: 'Medical Knowledge Base',
  subtitle:
    'Evidence-based documents, filtered by your role, specialization and each document’s sensitivity.',
  statsLabel: 'Knowledge access',
  restrictionsTitle: 'Access restrictions apply',
  restrictionsIntro: 'Some knowledge is hidden from you because of:',
  searchLabel: 'Search medical knowledge',
  searchPlaceholder: 'Search medical knowledge...',
  searchButton: 'Search',
  clearSearch: 'Clear search',
  categoriesLabel: 'Category',
  listLabel: 'Knowledge documents',
  resultsFor: (q: string) => `Results for “${q}”`,
  searchFailed: 'The list below was left as it was.',
  retry: RETRY_LABEL,
  selectPrompt: 'Select a document to read it here.',
  loadingDocument: 'Loading document...',
  documentFailed: 'The document could not be loaded.',
  updated: 'Updated',
  requires: 'Requires',
  category: 'Category',
  sensitivity: 'Sensitivity',
  allowedRoles: 'Allowed roles',
  specializations: 'Required specializations',
  noSpecialization: 'None',
  source: 'Source file',
  lastUpdated: 'Last updated',
  contentLabel: (title: string) => `Content of ${title}`,
  you: '(you)',
  fgaTitle: 'How fine-grained authorization works',
  fgaPoints: [
    'Role: each document lists the roles allowed to read it; yours must be one of them.',
    'Specialization: a doctor needs one of the specializations a document requires.',
    'Sensitivity: high-sensitivity documents are for doctors and administrators only.',
    'Prescribing authority: medication documents note that prescribing is restricted to doctors and nurse practitioners; every access is logged.',
  ],
} as const;
