import { PERMISSION_ALERTS } from '@sentinel/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { Stack } from '../Stack/Stack';
import { ALERT_TONES, AlertMessage, AlertProvider, AlertRegion, useAlerts } from './AlertRegion';

/** A stand-in screen: its buttons do what the real screens do when a permission is missing. */
function DemoScreen() {
  const { show } = useAlerts();
  return (
    <Stack space="medium">
      <AlertRegion />
      <Stack direction="horizontal" wrap space="small">
        <Button onClick={() => show(PERMISSION_ALERTS.createUsers)}>Add User</Button>
        <Button variant="danger" onClick={() => show(PERMISSION_ALERTS.deleteUsers)}>
          Delete
        </Button>
        <Button variant="secondary" onClick={() => show('User list refreshed', 'info')}>
          Refresh
        </Button>
      </Stack>
    </Stack>
  );
}

const meta = {
  title: 'Primitives/AlertRegion',
  component: AlertRegion,
  tags: ['autodocs'],
  render: () => (
    <AlertProvider>
      <DemoScreen />
    </AlertProvider>
  ),
} satisfies Meta<typeof AlertRegion>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * REQ-access, REQ-err: a missing permission shows an alert in the region (never window.alert); Dismiss
 * removes it.
 */
export const ShowAndDismiss: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('alert')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Add User' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent(PERMISSION_ALERTS.createUsers);
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }));
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const SeveralAlerts: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add User' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Delete' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Refresh' }));
    await expect(canvas.getAllByRole('alert')).toHaveLength(2);
    await expect(canvas.getByRole('status')).toHaveTextContent('User list refreshed');
    await expect(canvas.getAllByRole('button', { name: 'Dismiss' })).toHaveLength(3);
  },
};

/** Pressing the same forbidden action twice shows its alert once. */
export const RepeatedAlert: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const add = canvas.getByRole('button', { name: 'Add User' });
    await userEvent.click(add);
    await userEvent.click(add);
    await expect(canvas.getAllByRole('alert')).toHaveLength(1);
  },
};

/** Every tone of a single message: critical and caution interrupt (alert), the others wait (status). */
export const Tones: Story = {
  render: () => (
    <Stack space="small">
      {ALERT_TONES.map((tone) => (
        <AlertMessage
          key={tone}
          tone={tone}
          message={`${tone}: ${PERMISSION_ALERTS.processRefills}`}
          onDismiss={() => undefined}
        />
      ))}
      <AlertMessage tone="critical" message={PERMISSION_ALERTS.ownRecordsOnly} />
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('alert')).toHaveLength(3);
    await expect(canvas.getAllByRole('status')).toHaveLength(2);
  },
};
