import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { RecordDetails } from '../MedicalRecords/RecordDetails';
import { PrescriptionDetails } from '../Prescriptions/PrescriptionDetails';
import { STRESS_PATIENT_NAME, STRESS_PRESCRIPTION, STRESS_RECORD } from './Stress.fixtures';

/**
 * Print (REQ-screen-a11y): a patient prints a record or a prescription from its dialog. On paper the dialog is
 * the document: no dimmed page behind it, its whole content over as many pages as it needs (not the part that
 * fitted the window), no buttons, black on white in either theme. Storybook shows the screen; stressModes.mjs
 * loads these stories with print media emulated, where the play functions check the printed form, and prints
 * them to PDF to count the pages.
 */
function PrintableRecord() {
  return (
    <RecordDetails
      summary={STRESS_RECORD}
      record={STRESS_RECORD}
      loading={false}
      showPatientName
      canEdit
      onClose={fn()}
      onEdit={fn()}
    />
  );
}

/** A doctor's view, which names the patient too. */
const VIEWER_ROLE = 'doctor';

function PrintablePrescription() {
  return <PrescriptionDetails prescription={STRESS_PRESCRIPTION} role={VIEWER_ROLE} onClose={fn()} />;
}

const meta = {
  title: 'Stress/Print',
  component: PrintableRecord,
} satisfies Meta<typeof PrintableRecord>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Relative luminance (WCAG) of a computed `rgb()`/`rgba()` colour. */
function luminance(colour: string): number {
  const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/**
 * On screen: the named dialog with its buttons. In print: the page behind hidden and not dimmed, nothing in
 * the dialog scrolled out of sight, no buttons, dark text on a white sheet.
 */
const printsInFull = (title: string, mustShow: string) =>
  async function play({ canvasElement }: { canvasElement: HTMLElement }) {
    const document = canvasElement.ownerDocument;
    const view = document.defaultView!;
    const dialog = await within(document.body).findByRole('dialog', { name: title });
    await expect(within(dialog).getAllByText(mustShow, { exact: false }).length).toBeGreaterThan(0);
    if (!view.matchMedia('print').matches) {
      await expect(within(dialog).getAllByRole('button').length).toBeGreaterThan(0);
      return;
    }
    await expect(getComputedStyle(dialog, '::backdrop').backgroundColor).toBe('rgba(0, 0, 0, 0)');
    await expect(getComputedStyle(document.body).visibility).toBe('hidden');
    await expect(getComputedStyle(dialog).visibility).toBe('visible');
    const clipped = [dialog, ...dialog.querySelectorAll('*')].filter(
      (el) => el.scrollHeight > el.clientHeight + 1 && getComputedStyle(el).overflowY !== 'visible',
    );
    await expect(clipped.map((el) => el.className).join('; ')).toBe('');
    const shownButtons = [...dialog.querySelectorAll('button')].filter((b) => b.getClientRects().length > 0);
    await expect(shownButtons.map((b) => b.textContent).join(', ')).toBe('');
    const heading = within(dialog).getByRole('heading', { name: title });
    await expect(luminance(getComputedStyle(heading).color)).toBeLessThan(0.05);
    await expect(luminance(getComputedStyle(dialog).backgroundColor)).toBeGreaterThan(0.95);
  };

/** The 2,000-word visit note with the patient's 60-character name and the vitals. */
export const RecordDialog: Story = { play: printsInFull(STRESS_RECORD.title, STRESS_PATIENT_NAME) };
export const RecordDialogDark: Story = { ...RecordDialog, globals: { theme: 'dark' } };

/** The prescription with its long instructions, side effects and interactions. */
export const PrescriptionDialog: Story = {
  render: () => <PrintablePrescription />,
  play: printsInFull(STRESS_PRESCRIPTION.medication, STRESS_PRESCRIPTION.interactions[1]!),
};
export const PrescriptionDialogDark: Story = { ...PrescriptionDialog, globals: { theme: 'dark' } };
