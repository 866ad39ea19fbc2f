import type { Meta, StoryObj } from '@storybook/react-vite';
import { CERTIFICATIONS, LANDING_STATS, PRODUCT_NAME } from '@sentinel/domain';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Landing, LANDING_FEATURES, LANDING_TEXTS, LandingScreen } from './Landing';

const meta = {
  title: 'Pages/Landing',
  component: LandingScreen,
  parameters: { layout: 'fullscreen', session: 'signedOut' },
  args: { onLogin: fn(), rotate: false },
} satisfies Meta<typeof LandingScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Visitor: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(PRODUCT_NAME)).toBeVisible();
    for (const stat of LANDING_STATS) await expect(canvas.getByText(stat.value)).toBeVisible();
    for (const cert of CERTIFICATIONS) await expect(canvas.getByText(cert)).toBeVisible();
    for (const name of [LANDING_TEXTS.signIn, LANDING_TEXTS.getStarted, LANDING_TEXTS.startNow]) {
      await userEvent.click(canvas.getByRole('button', { name }));
    }
    await expect(args.onLogin).toHaveBeenCalledTimes(3);
  },
};

export const FeatureHighlightOnHover: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const vault = canvas.getByRole('heading', { name: LANDING_FEATURES[1].title }).closest('li');
    if (!vault) throw new Error('feature card missing');
    await userEvent.hover(vault);
    await expect(vault).toHaveAttribute('data-active', 'true');
  },
};

export const ThirdFeatureHighlighted: Story = { args: { initialFeature: 2 } };

export const Dark: Story = { globals: { theme: 'dark' } };

export const Mobile: Story = { parameters: { viewport: { defaultViewport: 'mobile1' } } };

/** The connected Landing while sign-in is still loading: a centred spinner on a dark background. */
export const AuthLoading: Story = {
  parameters: { session: 'loading' },
  render: () => <Landing />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toBeVisible();
  },
};

/** Once signed in, the Landing renders nothing. */
export const SignedInRendersNothing: Story = {
  parameters: { session: 'jane' },
  render: () => (
    <div data-testid="landing-host">
      <Landing />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('landing-host')).toBeEmptyDOMElement();
  },
};
