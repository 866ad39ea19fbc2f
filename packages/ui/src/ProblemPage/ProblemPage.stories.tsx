import type { Meta, StoryObj } from '@storybook/react-vite';
import { LOGIN_ERRORS } from '@sentinel/domain';
import { expect, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { WarningIcon } from '../icons/icons';
import { ProblemPage } from './ProblemPage';

const meta = {
  title: 'Primitives/ProblemPage',
  component: ProblemPage,
  parameters: { layout: 'fullscreen' },
  args: {
    icon: <WarningIcon size="large" />,
    title: LOGIN_ERRORS.loginFailed,
    message: 'The sign-in was cancelled.',
    announce: true,
    action: <Button variant="primary">Try again</Button>,
  },
} satisfies Meta<typeof ProblemPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const LoginFailed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: LOGIN_ERRORS.loginFailed })).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('The sign-in was cancelled.');
  },
};
