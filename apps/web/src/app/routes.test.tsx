import { pagePaths } from '@codedrop/contract';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from './routes';

afterEach(() => vi.restoreAllMocks());

// A page's lazy chunk is transformed on its first import in the test run: on a slow
// machine that took longer than findBy's default second (CI failed on it, 2026-11-26).
const lazyPage = { timeout: 15_000 };

function renderAt(path: string, table: RouteObject[] = routes) {
  const router = createMemoryRouter(table, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('routes', () => {
  it('has a page, not the 404, for every page the server knows', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 503 })),
    );
    // jsdom has no ResizeObserver; Radix's switch measures itself with one.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    for (const path of pagePaths) {
      const { unmount } = render(
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />,
      );
      expect(await screen.findByRole('heading', { level: 1 }, lazyPage), path).toBeVisible();
      expect(screen.queryByRole('heading', { name: 'Page Not Found' }), path).toBeNull();
      unmount();
    }
    vi.unstubAllGlobals();
    // Every page of the site, lazy chunks included: seconds on a busy machine.
  }, 120_000);

  it('renders the 404 page for unknown paths and non-code segments, and logs the path', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const path of ['/no/such/page', '/abc', '/12', '/1234567']) {
      const { unmount } = render(
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />,
      );
      expect(
        await screen.findByRole('heading', { name: 'Page Not Found' }, lazyPage),
        path,
      ).toBeVisible();
      // The log comes from an effect, which may run after the heading is on screen.
      await waitFor(() =>
        expect(logged).toHaveBeenCalledWith(
          '404 Error: User attempted to access non-existent route:',
          path,
        ),
      );
      unmount();
    }
  });

  it("leaves failures to the router's default error page", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const [root] = routes;
    const Boom = () => {
      throw new Error('boom');
    };
    // The app's root route as it is (no errorElement), with a page that throws.
    renderAt('/boom', [
      { path: root?.path, element: root?.element, children: [{ path: 'boom', element: <Boom /> }] },
    ]);
    expect(await screen.findByText('Unexpected Application Error!')).toBeVisible();
  });
});
