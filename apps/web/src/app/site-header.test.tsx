import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { English } from '../test-support/english';
import { SiteHeader } from './site-header';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <SiteHeader /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('SiteHeader', () => {
  it('is prerendered with the menu button disabled, as a press before the script would be lost', () => {
    const html = renderToString(
      <English>
        <MemoryRouter>
          <SiteHeader />
        </MemoryRouter>
      </English>,
    );
    expect(html).toMatch(/<button[^>]*aria-label="Menu"[^>]*disabled=""[^>]*data-starting=""/);
    renderAt('/');
    expect(screen.getByRole('button', { name: 'Menu' })).toBeEnabled();
  });

  it('links the logo and name home', () => {
    renderAt('/about');
    expect(screen.getByRole('link', { name: 'CodeDrop' })).toHaveAttribute('href', '/');
  });

  it('lists the nine items in order', () => {
    renderAt('/');
    const names = within(mainNav())
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual([
      'Home',
      'Clipboard',
      'Notepad',
      'File Share',
      'Request',
      'About',
      'How It Works',
      'Blog',
      'FAQ',
    ]);
  });

  it('marks Home active only on exactly /', () => {
    renderAt('/');
    expect(within(mainNav()).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('marks the current page and not Home elsewhere', () => {
    renderAt('/faq');
    expect(within(mainNav()).getByRole('link', { name: 'FAQ' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(mainNav()).getByRole('link', { name: 'Home' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('toggles the mobile menu, which closes when an item is chosen', async () => {
    const router = renderAt('/');
    const user = userEvent.setup();
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.click(menu);
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();

    await user.click(menu);
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    await user.click(within(mobile).getByRole('link', { name: 'Notepad' }));
    expect(router.state.location.pathname).toBe('/notepad');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the mobile menu on Escape', async () => {
    renderAt('/');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.keyboard('{Tab}');
    expect(
      within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', {
        name: 'Home',
      }),
    ).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
  });
});
