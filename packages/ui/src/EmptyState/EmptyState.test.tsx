import { KNOWLEDGE_TEXTS, USER_MANAGEMENT_TEXTS } from '@sentinel/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../Button/Button';
import { SearchIcon, UsersIcon } from '../icons/icons';
import { EmptyState } from './EmptyState';

describe('EmptyState', () => {
  it('says what is missing and how to find it (REQ-users-empty with a search)', () => {
    const { container } = render(
      <EmptyState
        icon={<UsersIcon size="large" />}
        title={USER_MANAGEMENT_TEXTS.emptyTitle}
        description={USER_MANAGEMENT_TEXTS.emptySearchHint}
      />,
    );
    expect(container.textContent).toBe('No users foundTry adjusting your search criteria');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows only the title when there is no hint', () => {
    const { container } = render(<EmptyState title={USER_MANAGEMENT_TEXTS.emptyTitle} />);
    expect(container.textContent).toBe(USER_MANAGEMENT_TEXTS.emptyTitle);
  });

  it('has no landmark, alert or status role of its own', () => {
    render(<EmptyState title={KNOWLEDGE_TEXTS.emptyTitle} description={KNOWLEDGE_TEXTS.emptyHint} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('offers its action', async () => {
    const onClear = vi.fn();
    render(
      <EmptyState
        icon={<SearchIcon size="large" />}
        title={USER_MANAGEMENT_TEXTS.emptyTitle}
        action={
          <Button variant="secondary" onClick={onClear}>
            Clear search
          </Button>
        }
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });
});
