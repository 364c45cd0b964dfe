import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RootLayout } from './root-layout';

// The layout's own parts, counted: what renders again when the toaster mounts.
const renders = vi.hoisted(() => ({ header: 0, footer: 0 }));
vi.mock('./site-header', () => ({
  SiteHeader: () => {
    renders.header++;
    return <header>Header</header>;
  },
}));
vi.mock('./site-footer', () => ({
  SiteFooter: () => {
    renders.footer++;
    return <footer>Footer</footer>;
  },
}));

describe('RootLayout', () => {
  it('mounts the toaster after the first render without rendering the header and footer again', async () => {
    const router = createMemoryRouter(
      [{ path: '/', element: <RootLayout />, children: [{ index: true, element: <h1>Page</h1> }] }],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Page' })).toBeTruthy();
    // The toaster's region appears once it has mounted (sonner's "Notifications" section).
    await waitFor(() => expect(screen.getByRole('region', { name: /Notifications/ })).toBeTruthy());
    expect(renders).toEqual({ header: 1, footer: 1 });
  });
});
