import { CHAT_TEXTS, USER_MANAGEMENT_TEXTS } from '@sentinel/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Stack } from '../Stack/Stack';
import { SearchField, Select, TEXT_FIELD_TYPES, TextField, Textarea } from './Field';

const meta = {
  title: 'Primitives/Field',
  component: TextField,
  tags: ['autodocs'],
  args: { label: 'Full name', onChange: fn() },
  argTypes: { type: { control: 'select', options: TEXT_FIELD_TYPES } },
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Text: Story = {
  tags: ['flow'],
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Full name' });
    await userEvent.type(input, 'Jane Doe');
    await expect(input).toHaveValue('Jane Doe');
    await expect(args.onChange).toHaveBeenCalled();
  },
};

export const Required: Story = {
  args: { label: 'Email', type: 'email', required: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Email' })).toBeRequired();
  },
};

export const WithHint: Story = {
  args: { label: 'Phone', type: 'tel', hint: 'Include the country code, e.g. +1 555 0100' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription(
      'Include the country code, e.g. +1 555 0100',
    );
  },
};

export const WithError: Story = {
  args: {
    label: 'Email',
    type: 'email',
    required: true,
    defaultValue: 'jane.doe',
    error: 'Enter a valid email address',
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription('Enter a valid email address');
  },
};

/** REQ-limit-new-prescription: the refills input maximum is 10. */
export const NumberWithLimits: Story = {
  args: {
    label: 'Refills allowed',
    type: 'number',
    min: 0,
    max: 10,
    defaultValue: '0',
    hint: 'From 0 to 10',
  },
};

export const DateAndTime: Story = {
  render: () => (
    <Stack space="medium">
      <TextField label="Date" type="date" defaultValue="2025-01-15" required />
      <TextField label="Time" type="time" defaultValue="09:30" required />
      <TextField label="Password" type="password" />
    </Stack>
  ),
};

export const Disabled: Story = { args: { disabled: true, defaultValue: 'Jane Doe' } };

export const SelectField: Story = {
  tags: ['flow'],
  render: () => (
    <Select
      label="Role"
      defaultValue="patient"
      hint="Permissions follow from the role"
      options={[
        { value: 'patient', label: 'Patient' },
        { value: 'doctor', label: 'Doctor' },
        { value: 'admin', label: 'Admin' },
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Role' });
    await userEvent.selectOptions(select, 'doctor');
    await expect(select).toHaveValue('doctor');
  },
};

export const SelectWithError: Story = {
  render: () => (
    <Select
      label="Frequency"
      required
      defaultValue=""
      error="Choose a frequency"
      options={[
        { value: '', label: 'Choose...' },
        { value: 'Once daily', label: 'Once daily' },
        { value: 'Twice daily', label: 'Twice daily' },
      ]}
    />
  ),
};

function ChatBox({ onSend }: { onSend: (text: string) => void }) {
  const [text, setText] = useState('');
  return (
    <Textarea
      label="Message"
      rows={2}
      hint="Enter sends; Shift+Enter adds a new line"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !event.shiftKey) {
          event.preventDefault();
          onSend(text);
          setText('');
        }
      }}
    />
  );
}

const onSend = fn();

/**
 * REQ-chat-keys: a 2-row textarea; Enter sends, Shift+Enter inserts a newline (the owner's onKeyDown
 * decides).
 */
export const TextareaChat: Story = {
  tags: ['flow'],
  render: () => <ChatBox onSend={onSend} />,
  play: async ({ canvasElement }) => {
    onSend.mockClear();
    const box = within(canvasElement).getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Hello{Shift>}{Enter}{/Shift}doctor');
    await expect(box).toHaveValue('Hello\ndoctor');
    await userEvent.keyboard('{Enter}');
    await expect(onSend).toHaveBeenCalledWith('Hello\ndoctor');
    await expect(box).toHaveValue('');
  },
};

export const TextareaWithError: Story = {
  render: () => <Textarea label="Notes" error="Notes are required" required defaultValue="" />,
};

const onSearch = fn();

/** The knowledge base searches on Enter (REQ-kb). */
export const Search: Story = {
  tags: ['flow'],
  render: () => (
    <SearchField
      label="Search users"
      hideLabel
      placeholder={USER_MANAGEMENT_TEXTS.searchPlaceholder}
      onSubmit={onSearch}
    />
  ),
  play: async ({ canvasElement }) => {
    onSearch.mockClear();
    const input = within(canvasElement).getByRole('searchbox', { name: 'Search users' });
    await userEvent.type(input, 'alice{Enter}');
    await expect(onSearch).toHaveBeenCalledWith('alice');
  },
};

export const SearchWithVisibleLabel: Story = {
  render: () => <SearchField label="Search knowledge" placeholder={CHAT_TEXTS.quickActions[0]} />,
};
