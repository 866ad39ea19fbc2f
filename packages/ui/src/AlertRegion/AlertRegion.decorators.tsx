import type { Decorator } from '@storybook/react-vite';
import { Stack } from '../Stack/Stack';
import { AlertProvider, AlertRegion } from './AlertRegion';

/**
 * A story decorator for screens that report failures, refusals and notices in the alert region of the page
 * around them (the portal's): the story supplies that page, the region above the screen.
 */
export const withAlerts: Decorator = (Story) => (
  <AlertProvider>
    <Stack space="large">
      <AlertRegion />
      <Story />
    </Stack>
  </AlertProvider>
);
