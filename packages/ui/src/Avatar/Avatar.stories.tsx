import { PERSONAS } from '@sentinel/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { Stack } from '../Stack/Stack';
import { AVATAR_SIZES, Avatar } from './Avatar';

/**
 * A self-contained picture (an inline SVG data URL) so the story loads offline and renders the same every
 * time; the colours belong to this sample image, not to the theme.
 */
const SAMPLE_PICTURE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#bfdbfe"/>' +
      '<circle cx="32" cy="25" r="12" fill="#1e40af"/><path d="M10 64c0-14 10-22 22-22s22 8 22 22z" fill="#1e40af"/></svg>',
  );

const meta = {
  title: 'Primitives/Avatar',
  component: Avatar,
  tags: ['autodocs'],
  args: { name: PERSONAS.jane.name, size: 'standard', decorative: false },
  argTypes: { size: { control: 'inline-radio', options: AVATAR_SIZES } },
} satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithPicture: Story = {
  args: { picture: SAMPLE_PICTURE },
  play: async ({ canvasElement }) => {
    const img = within(canvasElement).getByRole('img', { name: PERSONAS.jane.name });
    await expect(img.tagName).toBe('IMG');
  },
};

export const Initials: Story = {
  args: { name: PERSONAS.alice.name },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: PERSONAS.alice.name })).toHaveTextContent(
      'AS',
    );
  },
};

export const Large: Story = { args: { size: 'large', name: PERSONAS.sam.name } };

export const LargeWithPicture: Story = { args: { size: 'large', picture: SAMPLE_PICTURE } };

/** A picture that cannot be decoded (offline, no request made): the initials take its place. */
export const BrokenPicture: Story = {
  args: { picture: 'data:image/png;base64,AAAA' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByRole('img', { name: PERSONAS.jane.name }).tagName).toBe('SPAN'));
    await expect(canvas.getByRole('img', { name: PERSONAS.jane.name })).toHaveTextContent('JD');
  },
};

/** Beside a written name the avatar is hidden from screen readers. */
export const Decorative: Story = {
  args: { decorative: true },
  render: (args) => (
    <Stack direction="horizontal" space="small">
      <Avatar {...args} />
      <span>{args.name}</span>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('img')).toBeNull();
  },
};

export const AllPersonas: Story = {
  render: () => (
    <Stack direction="horizontal" wrap space="small">
      {Object.values(PERSONAS).map((p) => (
        <Avatar key={p.key} name={p.name} picture={p.picture} />
      ))}
    </Stack>
  ),
};
