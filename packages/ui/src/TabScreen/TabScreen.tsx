import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { ErrorState } from '../ErrorState/ErrorState';
import { retryFailedScreens } from '../screens/lazyScreen';
import { Spinner, type SpinnerSize } from '../Spinner/Spinner';

export const TAB_SCREEN_TEXTS = {
  loading: (label: string) => `Loading ${label}...`,
  failed: (label: string) => `${label} could not be loaded. Check your connection and try again.`,
} as const;

type BoundaryProps = { label: string; failedText: string; children: ReactNode };
type BoundaryState = { failed: boolean };

/** Catches a screen download that failed, says so, and renders the screen again on Try again. */
class DownloadBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // Shown to the user as the error state; kept in the console for whoever investigates.
    console.error(`The ${this.props.label} screen failed to load.`, error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <ErrorState
        message={this.props.failedText}
        onRetry={() => {
          retryFailedScreens();
          this.setState({ failed: false });
        }}
      />
    );
  }
}

/** What the loading and failure states say. */
export type TabScreenTexts = { readonly loading: string; readonly failed: string };

export type TabScreenProps = {
  /** The tab's label, for the loading and failure messages. */
  label: string;
  /**
   * The loading and failure messages, for a part of a screen fetched when first needed (a chat's tool card),
   * where the messages made from a tab's label would not read well.
   */
  texts?: TabScreenTexts;
  /** The loading indicator's size: small inside a screen, standard for a tab's whole panel. */
  spinnerSize?: SpinnerSize;
  /** The tab's screen (a lazyScreen), or a lazily fetched part of a screen. */
  children: ReactNode;
};

/** The loading state of a tab whose screen (or of a part whose code) is still downloading. */
export function TabScreenLoading({
  label,
  text = TAB_SCREEN_TEXTS.loading(label),
  size,
}: {
  label: string;
  text?: string;
  size?: SpinnerSize;
}) {
  return <Spinner label={text} size={size} />;
}

/**
 * Wraps a tab's screen (a lazyScreen): a loading state while its code downloads, and an error with Try again when
 * the download fails, inside the tab panel, so the tabs stay usable either way. Wraps a lazily fetched part of a
 * screen the same way (with `texts`), so the rest of the screen stays usable.
 *
 * **When to use:** around each tab's screen that is fetched on demand (lazyScreen).
 *
 * **Accessibility:** the loading state is a Spinner (announced politely) and a failed download an ErrorState with
 * Try again, both inside the tab panel, so the tabs stay usable.
 */
export function TabScreen({ label, texts, spinnerSize, children }: TabScreenProps) {
  return (
    <DownloadBoundary label={label} failedText={texts?.failed ?? TAB_SCREEN_TEXTS.failed(label)}>
      <Suspense fallback={<TabScreenLoading label={label} text={texts?.loading} size={spinnerSize} />}>
        {children}
      </Suspense>
    </DownloadBoundary>
  );
}
