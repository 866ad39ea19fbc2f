import {
  Component,
  Suspense,
  lazy,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { ErrorState } from '../ErrorState/ErrorState';
import { Spinner } from '../Spinner/Spinner';

export const TAB_SCREEN_TEXTS = {
  loading: (label: string) => `Loading ${label}...`,
  failed: (label: string) => `${label} could not be loaded. Check your connection and try again.`,
} as const;

/** A screen whose code is a chunk of its own: fetched the first time it renders, or earlier by `preload`. */
export type LazyScreen<P> = ComponentType<P> & {
  /** Starts the download (the browser keeps the module once it has arrived). */
  preload(): Promise<ComponentType<P>>;
};

/** The screens whose download failed, each with the way to ask for it anew (React.lazy keeps a failure). */
const failedScreens = new Set<() => void>();

/**
 * Issue 7: a dashboard's tab screens are not part of its first paint; each is fetched when its tab opens. A
 * failed download is not kept: Try again (TabScreen) asks for it anew.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let Current: LazyExoticComponent<ComponentType<P>>;
  const renew = () => {
    Current = lazy(() =>
      load().then(
        (Loaded) => ({ default: Loaded }),
        (error: unknown) => {
          failedScreens.add(renew);
          throw error;
        },
      ),
    );
  };
  renew();
  function Screen(props: P) {
    return <Current {...props} />;
  }
  return Object.assign(Screen, { preload: load });
}

function retryFailedScreens() {
  const renewals = [...failedScreens];
  failedScreens.clear();
  renewals.forEach((renew) => renew());
}

type BoundaryProps = { label: string; children: ReactNode };
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
        message={TAB_SCREEN_TEXTS.failed(this.props.label)}
        onRetry={() => {
          retryFailedScreens();
          this.setState({ failed: false });
        }}
      />
    );
  }
}

export type TabScreenProps = {
  /** The tab's label, for the loading and failure messages. */
  label: string;
  children: ReactNode;
};

/** The loading state of a tab whose screen is still downloading. */
export function TabScreenLoading({ label }: { label: string }) {
  return <Spinner label={TAB_SCREEN_TEXTS.loading(label)} />;
}

/**
 * Wraps a tab's screen (a lazyScreen): a loading state while its code downloads, and an error with Try again when
 * the download fails, inside the tab panel, so the tabs stay usable either way.
 */
export function TabScreen({ label, children }: TabScreenProps) {
  return (
    <DownloadBoundary label={label}>
      <Suspense fallback={<TabScreenLoading label={label} />}>{children}</Suspense>
    </DownloadBoundary>
  );
}
