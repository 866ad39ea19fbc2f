/**
 * The portal's router: the address, navigation and the page for an exact path. The portal has five fixed paths
 * and one redirect rule (the domain's decideRoute), so this is all the routing it needs; react-router-dom, which
 * it replaces, cost 15 kB gzipped on every page, 14% of the landing's budget (issue 7). The names and shapes are
 * react-router's (BrowserRouter, MemoryRouter, Routes, Route, Navigate, useLocation, useNavigate), so the code
 * reads as before.
 */
import {
  Children,
  createContext,
  isValidElement,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';

export type Location = {
  readonly pathname: string;
  readonly search: string;
  /** What the page that navigated here left for this one (react-router's location state). */
  readonly state: unknown;
};

export type NavigateOptions = { replace?: boolean; state?: unknown };
export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

/** Where the router keeps the address: the browser's history, or a list in memory (tests). */
type AddressBook = {
  current(): Location;
  subscribe(notify: () => void): () => void;
  navigate: NavigateFunction;
};

/** A path with an optional query (`/a?b=1`) as a location. */
function locationOf(to: string, state: unknown): Location {
  const at = to.indexOf('?');
  return at < 0
    ? { pathname: to, search: '', state }
    : { pathname: to.slice(0, at), search: to.slice(at), state };
}

/** The state a navigation leaves in history.state, under a key of its own (react-router used `usr` too). */
type HistoryState = { usr?: unknown } | null;

function browserAddressBook(): AddressBook {
  const listeners = new Set<() => void>();
  const read = (): Location => ({
    pathname: window.location.pathname,
    search: window.location.search,
    state: (window.history.state as HistoryState)?.usr ?? null,
  });
  let current = read();
  const changed = () => {
    current = read();
    listeners.forEach((notify) => notify());
  };
  return {
    current: () => current,
    subscribe(notify) {
      listeners.add(notify);
      if (listeners.size === 1) window.addEventListener('popstate', changed);
      return () => {
        listeners.delete(notify);
        if (listeners.size === 0) window.removeEventListener('popstate', changed);
      };
    },
    navigate(to, { replace = false, state = null } = {}) {
      const entry: HistoryState = { usr: state };
      if (replace) window.history.replaceState(entry, '', to);
      else window.history.pushState(entry, '', to);
      changed();
    },
  };
}

function memoryAddressBook(initialEntries: readonly string[]): AddressBook {
  const listeners = new Set<() => void>();
  const entries = (initialEntries.length ? initialEntries : ['/']).map((to) => locationOf(to, null));
  let current = entries[entries.length - 1] as Location;
  return {
    current: () => current,
    subscribe(notify) {
      listeners.add(notify);
      return () => void listeners.delete(notify);
    },
    navigate(to, { replace = false, state = null } = {}) {
      current = locationOf(to, state);
      if (replace) entries[entries.length - 1] = current;
      else entries.push(current);
      listeners.forEach((notify) => notify());
    },
  };
}

const AddressContext = createContext<AddressBook | undefined>(undefined);

function useAddressBook(): AddressBook {
  const book = useContext(AddressContext);
  if (!book) throw new Error('useLocation and useNavigate need a BrowserRouter or MemoryRouter above them.');
  return book;
}

/** The router of the running portal: the address bar and the browser's back and forward buttons. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [book] = useState(browserAddressBook);
  return <AddressContext.Provider value={book}>{children}</AddressContext.Provider>;
}

/** A router that keeps its history in memory, starting at the last of `initialEntries` (tests). */
export function MemoryRouter({
  initialEntries = ['/'],
  children,
}: {
  initialEntries?: readonly string[];
  children: ReactNode;
}) {
  const [book] = useState(() => memoryAddressBook(initialEntries));
  return <AddressContext.Provider value={book}>{children}</AddressContext.Provider>;
}

export function useLocation(): Location {
  const book = useAddressBook();
  return useSyncExternalStore(book.subscribe, book.current, book.current);
}

/** Goes to a path (with `replace`, instead of the current entry), leaving `state` for the next page. */
export function useNavigate(): NavigateFunction {
  return useAddressBook().navigate;
}

/** Navigates once rendered, like react-router's: a redirect decided while rendering. */
export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

export type RouteProps = { path: string; element: ReactNode };

/** One page of a Routes list: shown when the path is exactly the address's path. */
export function Route(_props: RouteProps): ReactElement | null {
  // Routes reads the props; a Route never renders by itself.
  return null;
}

/** Shows the element of the first Route whose path is the current path, or nothing. */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const match = Children.toArray(children).find(
    (child): child is ReactElement<RouteProps> =>
      isValidElement<RouteProps>(child) && child.type === Route && child.props.path === pathname,
  );
  return match ? <>{match.props.element}</> : null;
}
