import { KNOWLEDGE_TEXTS, formatDate, type AccessStats } from '@sentinel/domain';
import { DEFAULT_ERROR_MESSAGES, type KnowledgeListItem } from '@sentinel/domain/contract';
import { FIXED_NOW, createMockApi, createScenarios, mockTokenFor, type PersonaKey } from '@sentinel/mocks';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider, createQueryClient } from '../api/ApiProvider';
import { createApiClient } from '../api/client';
import { ClockProvider } from '../clock/ClockProvider';
import { KnowledgeBase, KnowledgeBaseScreen, type KnowledgeBaseScreenProps } from './KnowledgeBase';
import {
  KNOWLEDGE_SCREEN_TEXTS,
  allowedRoleBadge,
  filterByCategory,
  roleLabel,
  toggleCategory,
} from './KnowledgeBase.utils';
import type { KnowledgeDocumentView } from './KnowledgeDetail';

const item = (
  id: string,
  title: string,
  category: KnowledgeListItem['category'],
  metadata: Partial<KnowledgeListItem['metadata']> = {},
): KnowledgeListItem => ({
  id,
  title,
  category,
  filePath: `knowledge/docs/${id}.md`,
  excerpt: `${title} excerpt`,
  metadata: {
    accessLevel: ['doctor', 'admin'],
    specializationRequired: [],
    prescribingAuthority: false,
    sensitivity: 'low',
    deaSchedule: null,
    patientAccessible: false,
    lastUpdated: '2026-10-05',
    ...metadata,
  },
});

const LIFESTYLE = item('diabetes-lifestyle-treatment', 'Type 2 Diabetes: Lifestyle Treatment', 'treatment', {
  accessLevel: ['doctor', 'admin', 'nurse', 'dietitian', 'patient'],
});
const HYPERTENSION = item('hypertension-management', 'Hypertension Management in Adults', 'treatment', {
  accessLevel: ['doctor', 'admin', 'nurse'],
  specializationRequired: ['cardiology', 'internal-medicine', 'family-medicine'],
  sensitivity: 'medium',
  lastUpdated: '2026-08-02',
});
const METFORMIN = item('metformin', 'Metformin: Prescribing and Monitoring', 'medication', {
  accessLevel: ['doctor', 'admin', 'pharmacist'],
  specializationRequired: ['endocrinology', 'internal-medicine'],
  sensitivity: 'medium',
  prescribingAuthority: true,
});
const DIAGNOSTICS = item(
  'diabetes-type2-diagnostics',
  'Type 2 Diabetes: Diagnostic Criteria and Evaluation',
  'diagnostic',
  {
    specializationRequired: ['endocrinology', 'internal-medicine', 'family-medicine'],
    sensitivity: 'high',
  },
);
const ALL = [LIFESTYLE, HYPERTENSION, METFORMIN, DIAGNOSTICS];

const fullStats: AccessStats = { totalItems: 4, accessibleItems: 4, accessPercentage: 100, restrictedBy: [] };
const patientStats: AccessStats = {
  totalItems: 4,
  accessibleItems: 1,
  accessPercentage: 25,
  restrictedBy: ['Role: patient', 'Sensitivity: high-sensitivity items need doctor or admin'],
};

const METFORMIN_DOC: KnowledgeDocumentView = {
  id: METFORMIN.id,
  title: METFORMIN.title,
  category: METFORMIN.category,
  filePath: METFORMIN.filePath,
  metadata: METFORMIN.metadata,
  content: '## Overview\n\nMetformin lowers **hepatic glucose production**.\n\n## Dosing\n\nStart low.',
};

function renderScreen(props: Partial<KnowledgeBaseScreenProps> = {}) {
  const handlers = {
    onSearch: vi.fn<KnowledgeBaseScreenProps['onSearch']>(),
    onClearSearch: vi.fn(),
    onSelect: vi.fn<KnowledgeBaseScreenProps['onSelect']>(),
    onRetry: vi.fn(),
    onRetrySearch: vi.fn(),
    onRetryDocument: vi.fn(),
  };
  const view = render(
    <KnowledgeBaseScreen items={ALL} stats={fullStats} viewerRole="doctor" {...handlers} {...props} />,
  );
  return { ...handlers, ...view };
}

const listedTitles = () =>
  within(screen.getByRole('list', { name: KNOWLEDGE_SCREEN_TEXTS.listLabel }))
    .getAllByRole('button')
    .map((b) => b.textContent);
/** The list entry of a document: its title button and the description beside it. */
const entryOf = (title: string) => {
  const entry = screen.getByRole('button', { name: title }).closest('li');
  if (!entry) throw new Error(title);
  return within(entry);
};
const tile = (label: string) => screen.getByRole('group', { name: label });
const searchbox = () => screen.getByRole('searchbox', { name: KNOWLEDGE_SCREEN_TEXTS.searchLabel });

describe('KnowledgeBaseScreen', () => {
  it('shows Total Knowledge, Accessible, Access Rate % and Your Role', () => {
    renderScreen({ items: [LIFESTYLE], stats: patientStats, viewerRole: 'patient' });
    expect(tile('Total Knowledge').textContent).toContain('4');
    expect(tile('Accessible').textContent).toContain('1');
    expect(tile('Access Rate %').textContent).toContain('25%');
    expect(tile('Your Role').textContent).toContain('Patient');
  });

  it('lists the restricting factors in the access-restrictions notice, and has none without restrictions', () => {
    const { unmount } = renderScreen({ items: [LIFESTYLE], stats: patientStats, viewerRole: 'patient' });
    const notice = within(screen.getByRole('region', { name: KNOWLEDGE_SCREEN_TEXTS.restrictionsTitle }));
    expect(notice.getByText('Role: patient')).toBeTruthy();
    expect(notice.getByText('Sensitivity: high-sensitivity items need doctor or admin')).toBeTruthy();
    unmount();
    renderScreen();
    expect(screen.queryByRole('region', { name: KNOWLEDGE_SCREEN_TEXTS.restrictionsTitle })).toBeNull();
  });

  it('lists title, sensitivity in words, category, update date and up to 2 specializations then +N more', () => {
    renderScreen();
    const entry = entryOf(DIAGNOSTICS.title);
    expect(entry.getByText('High sensitivity')).toBeTruthy();
    expect(entry.getByText('Diagnostic')).toBeTruthy();
    expect(entry.getByText(formatDate('2026-10-05'))).toBeTruthy();
    expect(entry.getByText('Requires: endocrinology, internal-medicine +1 more')).toBeTruthy();
    const metformin = entryOf(METFORMIN.title);
    expect(metformin.getByText('Medium sensitivity')).toBeTruthy();
    expect(metformin.getByText('Requires: endocrinology, internal-medicine')).toBeTruthy();
    expect(entryOf(LIFESTYLE.title).getByText('Low sensitivity')).toBeTruthy();
  });

  it('searches when Enter is pressed and when Search is pressed', async () => {
    const user = userEvent.setup();
    const { onSearch } = renderScreen();
    await user.click(searchbox());
    await user.paste('metformin');
    await user.keyboard('{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('metformin');
    await user.click(screen.getByRole('button', { name: KNOWLEDGE_SCREEN_TEXTS.searchButton }));
    expect(onSearch).toHaveBeenCalledTimes(2);
  });

  it('clears the search text and goes back to the full list with the clear button', async () => {
    const user = userEvent.setup();
    const { onClearSearch } = renderScreen({
      items: [METFORMIN],
      activeQuery: 'metformin',
      initialQuery: 'metformin',
    });
    expect(screen.getByText(KNOWLEDGE_SCREEN_TEXTS.resultsFor('metformin'))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: KNOWLEDGE_SCREEN_TEXTS.clearSearch }));
    expect(onClearSearch).toHaveBeenCalledOnce();
    expect((searchbox() as HTMLInputElement).value).toBe('');
  });

  it('offers no clear button while there is nothing to clear', () => {
    renderScreen();
    expect(screen.queryByRole('button', { name: KNOWLEDGE_SCREEN_TEXTS.clearSearch })).toBeNull();
  });

  it('filters by category with toggle chips, and a second press goes back to all', async () => {
    const user = userEvent.setup();
    renderScreen();
    const chips = within(screen.getByRole('group', { name: KNOWLEDGE_SCREEN_TEXTS.categoriesLabel }));
    expect(chips.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(chips.getByRole('button', { name: 'Treatment' }));
    expect(chips.getByRole('button', { name: 'Treatment' }).getAttribute('aria-pressed')).toBe('true');
    expect(chips.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('false');
    expect(listedTitles()).toEqual([LIFESTYLE.title, HYPERTENSION.title]);
    await user.click(chips.getByRole('button', { name: 'Treatment' }));
    expect(listedTitles()).toHaveLength(4);
  });

  it('asks for a document when its entry is pressed and marks the selected entry', async () => {
    const user = userEvent.setup();
    const { onSelect, unmount } = renderScreen();
    await user.click(screen.getByRole('button', { name: METFORMIN.title }));
    expect(onSelect).toHaveBeenCalledWith('metformin');
    unmount();
    renderScreen({ selectedId: 'metformin', documentLoading: true });
    expect(screen.getByRole('button', { name: METFORMIN.title }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('status').textContent).toContain(KNOWLEDGE_SCREEN_TEXTS.loadingDocument);
  });

  it('shows the selected document with its roles, the viewer’s own marked (you), and the markdown content', () => {
    renderScreen({
      selectedId: 'metformin',
      document: METFORMIN_DOC,
      viewerRole: 'pharmacist',
      items: [METFORMIN],
    });
    expect(screen.getByRole('heading', { level: 3, name: METFORMIN.title })).toBeTruthy();
    expect(screen.getByText('Pharmacist (you)')).toBeTruthy();
    expect(screen.getByText('Doctor')).toBeTruthy();
    const content = screen.getByRole('region', {
      name: KNOWLEDGE_SCREEN_TEXTS.contentLabel(METFORMIN.title),
    });
    expect(content.getAttribute('tabindex')).toBe('0');
    expect(within(content).getByRole('heading', { level: 4, name: 'Overview' })).toBeTruthy();
    expect(within(content).getByText('hepatic glucose production').tagName).toBe('STRONG');
    expect(screen.getByText(METFORMIN.filePath)).toBeTruthy();
    expect(screen.getAllByText(formatDate('2026-10-05')).length).toBeGreaterThan(1);
  });

  it('says None when a document requires no specialization', () => {
    const doc = { ...METFORMIN_DOC, metadata: { ...METFORMIN_DOC.metadata, specializationRequired: [] } };
    renderScreen({ selectedId: 'metformin', document: doc });
    expect(screen.getByText(KNOWLEDGE_SCREEN_TEXTS.noSpecialization)).toBeTruthy();
  });

  it('prompts to select a document before one is selected', () => {
    renderScreen();
    expect(screen.getByText(KNOWLEDGE_SCREEN_TEXTS.selectPrompt)).toBeTruthy();
  });

  it('shows a failed document load with Try again', async () => {
    const user = userEvent.setup();
    const { onRetryDocument } = renderScreen({ selectedId: 'metformin', documentError: 'Not found.' });
    expect(screen.getByRole('alert').textContent).toContain('Not found.');
    await user.click(screen.getByRole('button', { name: KNOWLEDGE_SCREEN_TEXTS.retry }));
    expect(onRetryDocument).toHaveBeenCalledOnce();
  });

  it('explains fine-grained authorization by role, specialization, sensitivity and prescribing authority', () => {
    renderScreen();
    const panel = within(screen.getByRole('region', { name: KNOWLEDGE_SCREEN_TEXTS.fgaTitle }));
    for (const word of ['Role', 'Specialization', 'Sensitivity', 'Prescribing authority']) {
      expect(panel.getByText(new RegExp(`^${word}:`))).toBeTruthy();
    }
  });

  it('shows the spec’s empty texts when nothing is accessible', () => {
    renderScreen({ items: [] });
    expect(screen.getByText(KNOWLEDGE_TEXTS.emptyTitle)).toBeTruthy();
    expect(screen.getByText(KNOWLEDGE_TEXTS.emptyHint)).toBeTruthy();
  });

  it('shows the spec’s loading text while the list loads', () => {
    renderScreen({ items: undefined, stats: undefined, loading: true });
    expect(screen.getByRole('status').textContent).toContain(KNOWLEDGE_TEXTS.loading);
  });

  it('shows a failed list load with Try again', async () => {
    const user = userEvent.setup();
    const { onRetry } = renderScreen({ items: undefined, stats: undefined, error: 'Server down.' });
    expect(screen.getByRole('alert').textContent).toContain('Server down.');
    await user.click(screen.getByRole('button', { name: KNOWLEDGE_SCREEN_TEXTS.retry }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('keeps the list on screen when a search fails, says so, and retries the search', async () => {
    const user = userEvent.setup();
    const { onRetrySearch } = renderScreen({ searchError: 'Something went wrong on our side.' });
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong on our side.');
    expect(listedTitles()).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: KNOWLEDGE_SCREEN_TEXTS.retry }));
    expect(onRetrySearch).toHaveBeenCalledOnce();
  });

  it('marks the list busy and the Search button busy while a search runs', () => {
    renderScreen({ searching: true });
    expect(
      screen.getByRole('list', { name: KNOWLEDGE_SCREEN_TEXTS.listLabel }).getAttribute('aria-busy'),
    ).toBe('true');
    expect(
      screen.getByRole('button', { name: KNOWLEDGE_SCREEN_TEXTS.searchButton }).getAttribute('aria-busy'),
    ).toBe('true');
  });
});

describe('knowledge helpers', () => {
  it('keeps every item for all and one category otherwise', () => {
    expect(filterByCategory(ALL, 'all')).toHaveLength(4);
    expect(filterByCategory(ALL, 'medication')).toEqual([METFORMIN]);
  });

  it('toggles a chip back to all, and All stays all', () => {
    expect(toggleCategory('all', 'diagnostic')).toBe('diagnostic');
    expect(toggleCategory('diagnostic', 'diagnostic')).toBe('all');
    expect(toggleCategory('diagnostic', 'medication')).toBe('medication');
    expect(toggleCategory('all', 'all')).toBe('all');
  });

  it('marks the viewer’s own role in words and tone, and others plainly', () => {
    expect(allowedRoleBadge('nurse', 'nurse')).toEqual({ text: 'Nurse (you)', tone: 'info' });
    expect(allowedRoleBadge('lab_tech', 'nurse')).toEqual({ text: 'Lab Tech', tone: 'neutral' });
  });

  it('labels known roles and shows an unknown one as given', () => {
    expect(roleLabel('pharmacist')).toBe('Pharmacist');
    expect(roleLabel('surgeon')).toBe('surgeon');
  });
});

describe('KnowledgeBase (connected to the mock API)', () => {
  const BASE_URL = 'http://localhost';
  const CLOCK = { now: () => new Date(FIXED_NOW), locale: 'en-US', timeZone: 'UTC' };
  const scenarioFor = createScenarios({ baseUrl: BASE_URL });
  const api = createMockApi({ baseUrl: BASE_URL });
  const server = setupServer(...api.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => api.reset());
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  function renderConnected(who: PersonaKey) {
    const client = createApiClient({ baseUrl: BASE_URL, getAccessToken: async () => mockTokenFor(who) });
    render(
      <ClockProvider clock={CLOCK}>
        <ApiProvider client={client} queryClient={createQueryClient()}>
          <KnowledgeBase />
        </ApiProvider>
      </ClockProvider>,
    );
    return userEvent.setup();
  }

  const findTitles = async () => {
    await screen.findByRole('list', { name: KNOWLEDGE_SCREEN_TEXTS.listLabel });
    return listedTitles();
  };

  it('lists for a cardiologist only what his specialization allows', async () => {
    renderConnected('ben');
    expect(await findTitles()).toEqual([LIFESTYLE.title, HYPERTENSION.title]);
    expect(tile('Your Role').textContent).toContain('Doctor');
  });

  it('replaces the list with the results when Enter is pressed, and the clear button brings it back', async () => {
    const user = renderConnected('alice');
    expect(await findTitles()).toHaveLength(4);
    await user.click(searchbox());
    await user.paste('metformin');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(listedTitles()).toEqual([METFORMIN.title]));
    await user.click(screen.getByRole('button', { name: KNOWLEDGE_SCREEN_TEXTS.clearSearch }));
    await waitFor(() => expect(listedTitles()).toHaveLength(4));
  });

  it('leaves the list as it was when a search fails, and says so', async () => {
    server.use(...scenarioFor.error('searchKnowledge'));
    const user = renderConnected('alice');
    expect(await findTitles()).toHaveLength(4);
    await user.click(searchbox());
    await user.paste('metformin');
    await user.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain(DEFAULT_ERROR_MESSAGES.internal);
    expect(listedTitles()).toHaveLength(4);
  });

  it('opens the selected document with its markdown and the viewer’s own role marked', async () => {
    const user = renderConnected('phil');
    await findTitles();
    await user.click(screen.getByRole('button', { name: METFORMIN.title }));
    const content = await screen.findByRole('region', {
      name: KNOWLEDGE_SCREEN_TEXTS.contentLabel(METFORMIN.title),
    });
    expect(within(content).getByRole('heading', { level: 4, name: 'Overview' })).toBeTruthy();
    expect(screen.getByText('Pharmacist (you)')).toBeTruthy();
  });
});
