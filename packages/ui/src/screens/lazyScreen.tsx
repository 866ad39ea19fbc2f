import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A screen whose code is a chunk of its own: fetched the first time it renders, or earlier by `preload`. */
export type LazyScreen<P> = ComponentType<P> & {
  /** Starts the download (the browser keeps the module once it has arrived). */
  preload(): Promise<ComponentType<P>>;
};

/** The screens whose download failed, each with the way to ask for it anew (React.lazy keeps a failure). */
const failedScreens = new Set<() => void>();

/**
 * REQ-perf: a dashboard's tab screens are not part of its first paint; each is fetched when its tab opens. A
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

/** Asks again for every screen whose download failed (TabScreen's Try again). */
export function retryFailedScreens() {
  const renewals = [...failedScreens];
  failedScreens.clear();
  renewals.forEach((renew) => renew());
}
