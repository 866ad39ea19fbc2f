import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { MARKDOWN_HEADING_LEVELS, Markdown, OPENS_IN_NEW_TAB } from './Markdown';

/** A knowledge document in the shape of the bundled ones (§3 Markdown knowledge document). */
const SAMPLE = `# Metformin

Metformin is a **first-line** medication for type 2 diabetes. It lowers glucose production in the liver.

## Dosage

1. Start with 500 mg once daily with the evening meal.
2. Increase by 500 mg weekly as tolerated.
3. Maximum: 2,000 mg per day.

## Monitoring

- Kidney function (eGFR) at least once a year
- Vitamin B12 on long-term use

> Stop before iodinated contrast studies if eGFR is below 30.

Dose as text: \`500 mg\`. See the [patient guide](/knowledge/diabetes-lifestyle) or
[MedlinePlus](https://medlineplus.gov/druginfo/meds/a696005.html), or write to [the care team](mailto:care@example.org).

![Glucose pathway diagram](/knowledge/glucose-pathway.svg)
`;

/** Attack strings: every one must render as harmless text. */
const XSS = [
  '[plain](javascript:alert(1))',
  '[mixed case](JaVaScRiPt:alert(1))',
  '[entity](&#106;avascript:alert(1))',
  '[data](data:text/html,<script>alert(1)</script>)',
  '[vb](vbscript:msgbox(1))',
  '[protocol relative](//evil.example)',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '![x](https://evil.example/a.png)',
].join('\n\n');

const meta = {
  title: 'Primitives/Markdown',
  component: Markdown,
  tags: ['autodocs'],
  args: { children: SAMPLE, headingLevel: 3 },
  argTypes: { headingLevel: { control: 'inline-radio', options: MARKDOWN_HEADING_LEVELS } },
} satisfies Meta<typeof Markdown>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Sample: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 3, name: 'Metformin' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 4, name: 'Dosage' })).toBeVisible();
    const external = canvas.getByRole('link', { name: `MedlinePlus ${OPENS_IN_NEW_TAB}` });
    await expect(external).toHaveAttribute('target', '_blank');
    await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(canvas.getByRole('link', { name: 'patient guide' })).not.toHaveAttribute('target');
  },
};

export const HeadingsFromLevelTwo: Story = { args: { headingLevel: 2 } };

/** Scripts, handlers, dangerous links and outside images all come out as plain text. */
export const XssSample: Story = {
  args: { children: XSS },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryAllByRole('link')).toHaveLength(0);
    await expect(canvasElement.querySelector('script')).toBeNull();
    await expect(canvasElement.querySelector('img')).toBeNull();
    await expect(canvasElement.querySelectorAll('[onerror], [onclick], [onload]')).toHaveLength(0);
    await expect(canvas.getByText('[x]')).toBeVisible();
  },
};
