import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Box } from '../Box/Box';
import { Text } from '../Text/Text';
import { ICON_SIZES, type IconSize } from './Icon';
import { ICONS } from './icons';

type GalleryProps = { size: IconSize; titled: boolean };

/** Every icon with its name; titled icons are announced as images, untitled ones are decorative. */
function IconGallery({ size, titled }: GalleryProps) {
  return (
    <Box
      as="ul"
      display="grid"
      gridTemplateColumns={{ mobile: 2, tablet: 4, desktop: 5 }}
      gap="medium"
      padding="none"
    >
      {Object.entries(ICONS).map(([name, Icon]) => (
        <Box
          as="li"
          key={name}
          display="flex"
          alignItems="center"
          gap="small"
          padding="small"
          bordered
          borderRadius="medium"
        >
          <Icon size={size} title={titled ? name : undefined} />
          <Text as="span" size="small">
            {name}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

const meta = {
  title: 'Primitives/Icons',
  component: IconGallery,
  tags: ['autodocs'],
  args: { size: 'standard', titled: false },
  argTypes: { size: { control: 'inline-radio', options: ICON_SIZES } },
} satisfies Meta<typeof IconGallery>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Decorative: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryAllByRole('img')).toHaveLength(0);
    await expect(canvas.getByText('BookIcon')).toBeInTheDocument();
  },
};

export const Titled: Story = {
  args: { titled: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('img')).toHaveLength(Object.keys(ICONS).length);
    await expect(canvas.getByRole('img', { name: 'ShieldIcon' })).toBeInTheDocument();
  },
};

export const Small: Story = { args: { size: 'small' } };

export const Large: Story = { args: { size: 'large' } };
