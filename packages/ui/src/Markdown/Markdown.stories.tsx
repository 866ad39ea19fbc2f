import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { MARKDOWN_HEADING_LEVELS, Markdown, MarkdownPending, OPENS_IN_NEW_TAB } from './Markdown';
import { HOSTILE_MARKDOWN, HOSTILE_MARKDOWN_DOCUMENT, harmfulOutput } from './Markdown.corpus';

/** A knowledge document in the shape of the bundled ones (REQ-data-document). */
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
    await expect(await canvas.findByRole('heading', { level: 3, name: 'Metformin' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 4, name: 'Dosage' })).toBeVisible();
    const external = canvas.getByRole('link', { name: `MedlinePlus ${OPENS_IN_NEW_TAB}` });
    await expect(external).toHaveAttribute('target', '_blank');
    await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(canvas.getByRole('link', { name: 'patient guide' })).not.toHaveAttribute('target');
  },
};

export const HeadingsFromLevelTwo: Story = {
  args: { headingLevel: 2 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Metformin' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 3, name: 'Dosage' })).toBeVisible();
  },
};

/**
 * Text without any markdown syntax (the assistant's greeting, a short reply) is shown at once, as the parser
 * would show it, without downloading the parser (REQ-perf-chat).
 */
export const PlainText: Story = {
  args: {
    children:
      "Hello Jane! I'm the Sentinel Health assistant. I can share general, educational health information.\n\nHow can I help you today?",
  },
  play: async ({ canvasElement }) => {
    const paragraphs = canvasElement.querySelectorAll('p');
    await expect(paragraphs).toHaveLength(2);
    await expect(paragraphs[1]).toHaveTextContent('How can I help you today?');
  },
};

/**
 * The first markdown on a page waits for the parser's download (a chunk of its own, REQ-perf-files):
 * meanwhile the text shows as typed, its line breaks kept, and is marked busy.
 */
export const ParserLoading: Story = {
  args: { children: 'Metformin is a **first-line** medication.\n\n- Start with 500 mg\n- Increase weekly' },
  render: (args) => <MarkdownPending>{args.children}</MarkdownPending>,
  play: async ({ canvasElement }) => {
    const text = within(canvasElement).getByText(/Metformin is a \*\*first-line\*\* medication\./);
    await expect(text).toBeVisible();
    await expect(text.parentElement).toHaveAttribute('aria-busy', 'true');
    await expect(within(canvasElement).queryByRole('list')).toBeNull();
  },
};

const HOSTILE_REGION = 'Hostile model output';

/** Stands in for `window.alert` while the hostile corpus is on screen: a payload that ran would call it. */
const alertSpy = fn();

/**
 * REQ-chat-markdown Safety, REQ-sec-xss Output: the hostile corpus (script and handler HTML, javascript:/data:/vbscript: links in
 * every case and encoding, protocol-relative links, outside images) renders as harmless text: nothing runs, no
 * link has a dangerous target, and nothing on the page loads from another origin.
 */
export const HostileMarkdown: Story = {
  args: { children: HOSTILE_MARKDOWN_DOCUMENT },
  render: (args) => (
    <section aria-label={HOSTILE_REGION}>
      <Markdown {...args} />
    </section>
  ),
  beforeEach() {
    const original = window.alert;
    alertSpy.mockClear();
    window.alert = alertSpy;
    return () => {
      window.alert = original;
    };
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = await canvas.findByRole('region', { name: HOSTILE_REGION });
    await expect(within(region).getByText('[exfiltrate]')).toBeVisible();
    const origin = window.location.origin;
    await expect(harmfulOutput(region, origin)).toEqual([]);
    await expect(within(region).queryAllByRole('link')).toHaveLength(0);
    await expect(within(region).queryAllByRole('img')).toHaveLength(0);
    for (const { keeps } of HOSTILE_MARKDOWN) if (keeps) await expect(region).toHaveTextContent(keeps);
    // Nothing the page fetched came from elsewhere (the images were dropped, not just hidden).
    const elsewhere = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => new URL(name, origin).origin !== origin);
    await expect(elsewhere).toEqual([]);
    await expect(alertSpy).not.toHaveBeenCalled();
  },
};
