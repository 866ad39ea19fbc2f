import { APPOINTMENT_TEXTS, KNOWLEDGE_TEXTS, RECORD_TEXTS, USER_MANAGEMENT_TEXTS } from '@sentinel/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { BookIcon, CalendarIcon, DocumentIcon, UsersIcon } from '../icons/icons';
import { EmptyState } from './EmptyState';

const meta = {
  title: 'Primitives/EmptyState',
  component: EmptyState,
  tags: ['autodocs'],
  args: { title: USER_MANAGEMENT_TEXTS.emptyTitle, icon: <UsersIcon size="large" /> },
  argTypes: { icon: { control: false }, action: { control: false } },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

/** REQ-users-search: no users and no search. */
export const TitleOnly: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(USER_MANAGEMENT_TEXTS.emptyTitle)).toBeVisible();
  },
};

/** REQ-users while a search is active. */
export const WithSearchHint: Story = {
  args: { description: USER_MANAGEMENT_TEXTS.emptySearchHint },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(USER_MANAGEMENT_TEXTS.emptySearchHint)).toBeVisible();
  },
};

const onClearSearch = fn();

export const WithAction: Story = {
  tags: ['flow'],
  args: {
    title: RECORD_TEXTS.empty,
    description: RECORD_TEXTS.emptySearchHint,
    icon: <DocumentIcon size="large" />,
    action: (
      <Button variant="secondary" onClick={onClearSearch}>
        Clear search
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Clear search' });
    await userEvent.click(button);
    await expect(onClearSearch).toHaveBeenCalled();
  },
};

export const Knowledge: Story = {
  args: {
    title: KNOWLEDGE_TEXTS.emptyTitle,
    description: KNOWLEDGE_TEXTS.emptyHint,
    icon: <BookIcon size="large" />,
  },
};

export const WithoutIcon: Story = { args: { title: APPOINTMENT_TEXTS.empty, icon: undefined } };

export const Appointments: Story = {
  args: { title: APPOINTMENT_TEXTS.empty, icon: <CalendarIcon size="large" /> },
};
