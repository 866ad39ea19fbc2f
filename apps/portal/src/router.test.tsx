import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BrowserRouter, MemoryRouter, Navigate, Route, Routes, useLocation, useNavigate } from './router';

function Where() {
  const { pathname, search, state } = useLocation();
  return <output>{`${pathname}${search} ${JSON.stringify(state)}`}</output>;
}

function GoButton({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(to, { replace, state })}>
      go
    </button>
  );
}

const where = () => screen.getByRole('status').textContent;

describe('the portal router', () => {
  it('starts at the last initial entry, with its query', () => {
    render(
      <MemoryRouter initialEntries={['/a', '/?code=abc&state=xyz']}>
        <Where />
      </MemoryRouter>,
    );
    expect(where()).toBe('/?code=abc&state=xyz null');
  });

  it('navigates, leaving state for the next page', async () => {
    render(
      <MemoryRouter>
        <GoButton to="/doctor-dashboard" state={{ returnTo: '/x' }} />
        <Where />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(where()).toBe('/doctor-dashboard {"returnTo":"/x"}');
  });

  it('shows the element of the route whose path is exactly the current path, else nothing', () => {
    const page = (path: string) =>
      render(
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/patient-dashboard" element={<h1>Patient</h1>} />
            <Route path="/admin-dashboard" element={<h1>Admin</h1>} />
          </Routes>
        </MemoryRouter>,
      );
    page('/admin-dashboard');
    expect(screen.getByRole('heading').textContent).toBe('Admin');
    page('/admin-dashboard/extra');
    expect(screen.getAllByRole('heading')).toHaveLength(1);
  });

  it('redirects with Navigate once rendered, replacing the address and keeping the state', () => {
    render(
      <MemoryRouter initialEntries={['/somewhere']}>
        <Routes>
          <Route path="/somewhere" element={<Navigate to="/" replace state={{ returnTo: '/somewhere' }} />} />
        </Routes>
        <Where />
      </MemoryRouter>,
    );
    expect(where()).toBe('/ {"returnTo":"/somewhere"}');
  });

  it('in the browser, writes the address bar and follows the back button', async () => {
    window.history.replaceState(null, '', '/');
    render(
      <BrowserRouter>
        <GoButton to="/unauthorized?from=admin" state={{ returnTo: '/a' }} />
        <Where />
      </BrowserRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(window.location.pathname).toBe('/unauthorized');
    expect(where()).toBe('/unauthorized?from=admin {"returnTo":"/a"}');
    await act(async () => {
      window.history.replaceState(null, '', '/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(where()).toBe('/ null');
  });
});
