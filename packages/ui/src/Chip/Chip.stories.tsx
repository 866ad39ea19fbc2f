import { CHAT_TEXTS } from '@sentinel/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { BookIcon, PillIcon } from '../icons/icons';
import { Stack } from '../Stack/Stack';
import { Chip } from './Chip';

const meta = {
  title: 'Primitives/Chip',
  component: Chip,
  tags: ['autodocs'],
  args: { children: 'medication' },
  argTypes: { icon: { control: false } },
} satisfies Meta<typeof Chip>;
export default meta;
type Story = StoryObj<typeof meta>;

const CATEGORIES = ['all', 'diagnostic', 'treatment', 'medication'];

/** REQ-kb-categories: category chips, a single selection of toggle buttons. */
export const FilterToggle: Story = {
  tags: ['flow'],
  render: () => {
    function Filter() {
      const [category, setCategory] = useState('all');
      return (
        <Stack direction="horizontal" wrap space="small" role="group" aria-label="Category">
          {CATEGORIES.map((c) => (
            <Chip key={c} selected={category === c} onClick={() => setCategory(c)}>
              {c}
            </Chip>
          ))}
        </Stack>
      );
    }
    return <Filter />;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const treatment = canvas.getByRole('button', { name: 'treatment' });
    await expect(treatment).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(treatment);
    await expect(treatment).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: 'all' })).toHaveAttribute('aria-pressed', 'false');
  },
};

export const Selected: Story = { args: { selected: true, onClick: fn() } };

export const Unselected: Story = { args: { selected: false, onClick: fn() } };

/** REQ-chat: quick-action chips are plain buttons. */
export const QuickActions: Story = {
  tags: ['flow'],
  args: { onClick: fn() },
  render: (args) => (
    <Stack direction="horizontal" wrap space="small">
      {CHAT_TEXTS.quickActions.map((text, i) => (
        <Chip
          key={text}
          onClick={args.onClick}
          icon={i === 2 ? <BookIcon size="small" /> : <PillIcon size="small" />}
        >
          {text}
        </Chip>
      ))}
    </Stack>
  ),
  play: async ({ args, canvasElement }) => {
    const chip = within(canvasElement).getByRole('button', { name: CHAT_TEXTS.quickActions[1] });
    await expect(chip).not.toHaveAttribute('aria-pressed');
    await userEvent.click(chip);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Disabled: Story = { args: { onClick: fn(), disabled: true, children: 'Browse documents' } };

/** REQ-users-view User view: permission chips are static labels. */
export const Static: Story = {
  render: () => (
    <Stack direction="horizontal" wrap space="small">
      {['read:profile', 'read:patients', 'write:patients', 'manage:users'].map((p) => (
        <Chip key={p}>{p}</Chip>
      ))}
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};

export const Removable: Story = {
  tags: ['flow'],
  args: { children: 'cardiology', onRemove: fn() },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Remove cardiology' }));
    await expect(args.onRemove).toHaveBeenCalledTimes(1);
  },
};
