import { PRODUCT_NAME } from '@sentinel/domain';
import { visuallyHidden } from '../theme/global.css';
import { Heading } from '../Text/Text';
import * as styles from './Spinner.css';

export const SPINNER_SIZES = styles.SPINNER_SIZES;
export const SPINNER_LAYOUTS = styles.SPINNER_LAYOUTS;
export type SpinnerSize = (typeof SPINNER_SIZES)[number];
export type SpinnerLayout = (typeof SPINNER_LAYOUTS)[number];

/** The default status text when the caller gives none. */
export const DEFAULT_SPINNER_LABEL = 'Loading...';

/**
 * The turning ring alone, hidden from assistive technology. Buttons use it while busy (their own label and
 * aria-busy speak); everything else uses Spinner, which announces a label.
 */
export function SpinnerGlyph({ size = 'standard' }: { size?: SpinnerSize }) {
  return (
    <svg
      className={`${styles.glyph} ${styles.glyphSize[size]}`}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle className={styles.track} cx="12" cy="12" r="9" />
      <path d="M21 12a9 9 0 0 0-9-9" />
    </svg>
  );
}

export type SpinnerProps = {
  /** What is loading, announced politely (role="status"); e.g. KNOWLEDGE_TEXTS.loading. */
  label?: string;
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
  /** small inside a button or a line of text, standard in a panel, large for a whole page. */
  size?: SpinnerSize;
  /** Label beside the ring (inline) or under it (stacked). */
  layout?: SpinnerLayout;
};

/**
 * A loading indicator with a label that assistive technology announces.
 *
 * **When to use:** something is loading for more than a moment. Always with a label; for a button that is busy,
 * use Button `loading` instead.
 *
 * **Accessibility:** role status: the label is announced politely; the ring itself is hidden from assistive
 * technology and stops turning under reduced motion.
 *
 * **Content:** say what is loading ("Loading prescriptions..."), not just "Loading".
 */
export function Spinner({
  label = DEFAULT_SPINNER_LABEL,
  hideLabel = false,
  size = 'standard',
  layout = 'inline',
}: SpinnerProps) {
  return (
    // data-loading: tests (the story matrix) wait for a page's spinners to go before they take its picture.
    <div role="status" data-loading="" className={`${styles.root} ${styles.layout[layout]}`}>
      <span className={styles.ring}>
        <SpinnerGlyph size={size} />
      </span>
      <span className={hideLabel ? visuallyHidden : styles.label[size]}>{label}</span>
    </div>
  );
}

export type FullScreenSpinnerProps = {
  /**
   * The loading text; the portal passes ROUTE_TEXTS.loading ('Securing your medical data...',
   * REQ-nav-loading).
   */
  label: string;
};

/** REQ-nav-loading: while authentication loads, a full-screen spinner with the product name. */
export function FullScreenSpinner({ label }: FullScreenSpinnerProps) {
  return (
    <div className={styles.fullScreen}>
      <Heading level={1}>{PRODUCT_NAME}</Heading>
      <Spinner size="large" layout="stacked" label={label} />
    </div>
  );
}
