import { KNOWLEDGE_TEXTS } from '@sentinel/domain';
import { DEFAULT_ERROR_MESSAGES } from '@sentinel/domain/contract';
import { scenario } from '@sentinel/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { KnowledgeBase } from './KnowledgeBase';
import { KNOWLEDGE_SCREEN_TEXTS } from './KnowledgeBase.utils';

const meta = {
  title: 'Screens/KnowledgeBase',
  component: KnowledgeBase,
  globals: { session: 'alice' },
  parameters: { docs: { story: { inline: false, height: '760px' } } },
} satisfies Meta<typeof KnowledgeBase>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The four bundled documents (knowledge/docs), as the list names them. */
const LIFESTYLE = 'Type 2 Diabetes: Lifestyle Treatment';
const HYPERTENSION = 'Hypertension Management in Adults';
const METFORMIN = 'Metformin: Prescribing and Monitoring';
const DIAGNOSTICS = 'Type 2 Diabetes: Diagnostic Criteria and Evaluation';

/** The titles in the list, once it has loaded. */
async function listed(canvasElement: HTMLElement): Promise<string[]> {
  const list = await within(canvasElement).findByRole('list', { name: KNOWLEDGE_SCREEN_TEXTS.listLabel });
  return within(list)
    .getAllByRole('button')
    .map((button) => button.textContent ?? '');
}

const tileValue = (canvasElement: HTMLElement, label: string) =>
  within(canvasElement).getByRole('group', { name: label }).textContent;

const restrictions = (canvasElement: HTMLElement) =>
  within(canvasElement).queryByRole('region', { name: KNOWLEDGE_SCREEN_TEXTS.restrictionsTitle });

/**
 * REQ-kb-document-roles: a patient reads only the lifestyle document; the notice lists what restricts them.
 */
export const PatientJane: Story = {
  globals: { session: 'jane' },
  play: async ({ canvasElement }) => {
    await expect(await listed(canvasElement)).toEqual([LIFESTYLE]);
    await expect(tileValue(canvasElement, 'Total Knowledge')).toContain('4');
    await expect(tileValue(canvasElement, 'Accessible')).toContain('1');
    await expect(tileValue(canvasElement, 'Access Rate %')).toContain('25%');
    await expect(tileValue(canvasElement, 'Your Role')).toContain('Patient');
    const notice = restrictions(canvasElement);
    await expect(notice).toHaveTextContent('Role: patient');
  },
};

/** REQ-kb-specialization: Dr. Smith (endocrinology, internal medicine) reads all four, least sensitive first; nothing restricts her. */
export const DoctorAlice: Story = {
  play: async ({ canvasElement }) => {
    await expect(await listed(canvasElement)).toEqual([LIFESTYLE, HYPERTENSION, METFORMIN, DIAGNOSTICS]);
    await expect(tileValue(canvasElement, 'Access Rate %')).toContain('100%');
    await expect(restrictions(canvasElement)).toBeNull();
  },
};

/** REQ-kb-document-roles: Dr. Carter (cardiology) lacks the specializations of the diabetes diagnostics and metformin documents. */
export const DoctorBenCardiology: Story = {
  globals: { session: 'ben' },
  play: async ({ canvasElement }) => {
    await expect(await listed(canvasElement)).toEqual([LIFESTYLE, HYPERTENSION]);
    await expect(restrictions(canvasElement)).toHaveTextContent('Specialization: cardiology');
  },
};

/**
 * REQ-kb-document-roles: a nurse reads hypertension and lifestyle; high-sensitivity documents are for doctors
 * and admins.
 */
export const NurseNora: Story = {
  globals: { session: 'nora' },
  play: async ({ canvasElement }) => {
    await expect(await listed(canvasElement)).toEqual([LIFESTYLE, HYPERTENSION]);
    await expect(tileValue(canvasElement, 'Your Role')).toContain('Nurse');
  },
};

/** REQ-kb-document-roles: a pharmacist reads the metformin document only. */
export const PharmacistPhil: Story = {
  globals: { session: 'phil' },
  play: async ({ canvasElement }) => {
    await expect(await listed(canvasElement)).toEqual([METFORMIN]);
    await expect(tileValue(canvasElement, 'Your Role')).toContain('Pharmacist');
  },
};

/** REQ-access: the admin reads everything. */
export const AdminSam: Story = {
  globals: { session: 'sam' },
  play: async ({ canvasElement }) => {
    await expect(await listed(canvasElement)).toHaveLength(4);
    await expect(tileValue(canvasElement, 'Your Role')).toContain('Admin');
  },
};

/** REQ-kb-loading Loading text: 'Loading medical knowledge base...'. */
export const Loading: Story = {
  globals: { scenario: 'slow' },
  parameters: { msw: { handlers: { scenario: scenario.slow('listKnowledge') } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(KNOWLEDGE_TEXTS.loading);
  },
};

/** REQ-kb-empty Empty texts when nothing is accessible. */
export const Empty: Story = {
  globals: { scenario: 'empty' },
  parameters: { msw: { handlers: { scenario: scenario.empty('listKnowledge') } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(KNOWLEDGE_TEXTS.emptyTitle)).toBeVisible();
    await expect(canvas.getByText(KNOWLEDGE_TEXTS.emptyHint)).toBeVisible();
  },
};

/** The list could not be loaded at all: the server's message and Try again. */
export const ErrorState: Story = {
  name: 'Error',
  globals: { scenario: 'error' },
  parameters: { msw: { handlers: { scenario: scenario.error('listKnowledge') } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The query client retries a server error once (after about a second) before giving up.
    await expect(await canvas.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      DEFAULT_ERROR_MESSAGES.internal,
    );
    await expect(canvas.getByRole('button', { name: KNOWLEDGE_SCREEN_TEXTS.retry })).toBeVisible();
  },
};

/**
 * REQ-kb-search Search: Enter searches; the results replace the list, and the clear button brings the list
 * back.
 */
export const SearchEnter: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await listed(canvasElement);
    await userEvent.type(
      canvas.getByRole('searchbox', { name: KNOWLEDGE_SCREEN_TEXTS.searchLabel }),
      'metformin{Enter}',
    );
    await expect(await canvas.findByText(KNOWLEDGE_SCREEN_TEXTS.resultsFor('metformin'))).toBeVisible();
    await expect(await listed(canvasElement)).toEqual([METFORMIN]);
    await userEvent.click(canvas.getByRole('button', { name: KNOWLEDGE_SCREEN_TEXTS.clearSearch }));
    await waitFor(async () => expect(await listed(canvasElement)).toHaveLength(4));
  },
};

/** REQ-kb A search the user may find nothing for: the empty texts. */
export const SearchNoResult: Story = {
  tags: ['flow'],
  globals: { session: 'ben' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await listed(canvasElement);
    await userEvent.type(
      canvas.getByRole('searchbox', { name: KNOWLEDGE_SCREEN_TEXTS.searchLabel }),
      'metformin{Enter}',
    );
    await expect(await canvas.findByText(KNOWLEDGE_TEXTS.emptyTitle)).toBeVisible();
  },
};

/** REQ-kb-categories Category chips toggle: Medication keeps metformin; pressing it again shows all. */
export const CategoryChip: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await listed(canvasElement);
    const chips = within(canvas.getByRole('group', { name: KNOWLEDGE_SCREEN_TEXTS.categoriesLabel }));
    await userEvent.click(chips.getByRole('button', { name: 'Medication' }));
    await expect(chips.getByRole('button', { name: 'Medication' })).toHaveAttribute('aria-pressed', 'true');
    await expect(chips.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    await expect(await listed(canvasElement)).toEqual([METFORMIN]);
    await userEvent.click(chips.getByRole('button', { name: 'Diagnostic' }));
    await expect(await listed(canvasElement)).toEqual([DIAGNOSTICS]);
    await userEvent.click(chips.getByRole('button', { name: 'Diagnostic' }));
    await expect(await listed(canvasElement)).toHaveLength(4);
  },
};

/**
 * REQ-kb-detail Selecting a document shows its details: the viewer's role marked '(you)', the markdown
 * content in a focusable scrolling region, the source file and the update date.
 */
export const ItemSelected: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await listed(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: METFORMIN }));
    await expect(canvas.getByRole('button', { name: METFORMIN })).toHaveAttribute('aria-current', 'true');
    const content = await canvas.findByRole('region', {
      name: KNOWLEDGE_SCREEN_TEXTS.contentLabel(METFORMIN),
    });
    await expect(within(content).getByRole('heading', { level: 4, name: 'Overview' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 3, name: METFORMIN })).toBeVisible();
    await expect(canvas.getByText('Doctor (you)')).toBeVisible();
    await expect(canvas.getByText('Pharmacist')).toBeVisible();
    await expect(canvas.getByText('knowledge/docs/metformin.md')).toBeVisible();
    content.focus();
    await expect(content).toHaveFocus();
  },
};

/** REQ-err: a failed search leaves the list as it was; we also say so and offer Try again. */
export const SearchError: Story = {
  tags: ['flow'],
  parameters: { msw: { handlers: { scenario: scenario.error('searchKnowledge') } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await listed(canvasElement);
    await userEvent.type(
      canvas.getByRole('searchbox', { name: KNOWLEDGE_SCREEN_TEXTS.searchLabel }),
      'metformin{Enter}',
    );
    await expect(await canvas.findByRole('alert')).toHaveTextContent(DEFAULT_ERROR_MESSAGES.internal);
    await expect(await listed(canvasElement)).toHaveLength(4);
    await expect(canvas.getByRole('button', { name: KNOWLEDGE_SCREEN_TEXTS.retry })).toBeVisible();
  },
};
