import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicConfig } from '@codedrop/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultConfig } from '../../lib/config-context';
import type * as ConfigModule from '../../lib/config-context';
import { AdConsentControl } from './ad-consent-control';
import { AdSlot } from './ad-slot';
import { consentStorageKey } from './consent-store';

let config: PublicConfig = defaultConfig;
vi.mock('../../lib/config-context', async (importOriginal) => ({
  ...(await importOriginal<typeof ConfigModule>()),
  useConfig: () => config,
}));

function renderPage() {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          <AdSlot slot="0000000001" format="auto" />
          <AdConsentControl />
        </>
      ),
    },
  ]);
  return render(<RouterProvider router={router} />);
}

const adScripts = () => document.head.querySelectorAll('script[src*="googlesyndication"]');

beforeEach(() => {
  window.localStorage.clear();
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  config = { ...defaultConfig, adsClientId: 'ca-pub-0000000000000000' };
});
afterEach(() => vi.useRealTimers());

describe('ads', () => {
  it('render nothing at all without an ad client, whatever the consent', () => {
    config = defaultConfig;
    window.localStorage.setItem(consentStorageKey, 'granted');
    const { container } = renderPage();
    expect(container).toBeEmptyDOMElement();
    expect(adScripts()).toHaveLength(0);
  });

  it('leave the stored choice unread without an ad client (a first read costs the page time)', () => {
    config = defaultConfig;
    const read = vi.spyOn(Storage.prototype, 'getItem');
    try {
      renderPage();
      expect(read).not.toHaveBeenCalledWith(consentStorageKey);
    } finally {
      read.mockRestore();
    }
  });

  it('ask first, and load nothing until the visitor accepts', async () => {
    const { container } = renderPage();
    expect(screen.getByRole('region', { name: 'Allow advertising?' })).toBeVisible();
    expect(container.querySelector('ins.adsbygoogle')).toBeNull();
    expect(adScripts()).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Accept advertising' }));
    const slot = container.querySelector('ins.adsbygoogle');
    expect(slot).toHaveAttribute('data-ad-slot', '0000000001');
    expect(slot).toHaveAttribute('data-ad-format', 'auto');
    expect(slot).toHaveAttribute('data-ad-client', 'ca-pub-0000000000000000');
    expect(adScripts()).toHaveLength(1);
    expect(window.localStorage.getItem(consentStorageKey)).toBe('granted');
    expect(screen.queryByRole('region', { name: 'Allow advertising?' })).toBeNull();
  });

  it('keep the slots empty after a rejection, and let the footer button reopen the choice', async () => {
    const { container } = renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Reject advertising' }));
    expect(window.localStorage.getItem(consentStorageKey)).toBe('denied');
    expect(screen.queryByRole('region', { name: 'Allow advertising?' })).toBeNull();
    expect(container.querySelector('ins.adsbygoogle')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Change advertising consent' }));
    const banner = screen.getByRole('region', { name: 'Allow advertising?' });
    expect(banner).toHaveTextContent('Your current choice: rejected.');
    expect(banner).toHaveFocus();
  });

  it('read the stored choice every second', () => {
    vi.useFakeTimers();
    const { container } = renderPage();
    // A write that announces nothing (another script, devtools) is seen by the poll.
    window.localStorage.setItem(consentStorageKey, 'granted');
    act(() => vi.advanceTimersByTime(999));
    expect(container.querySelector('ins.adsbygoogle')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(container.querySelector('ins.adsbygoogle')).not.toBeNull();
  });

  it('follow a choice made in another tab at once', () => {
    vi.useFakeTimers();
    const { container } = renderPage();
    window.localStorage.setItem(consentStorageKey, 'granted');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: consentStorageKey }));
    });
    expect(container.querySelector('ins.adsbygoogle')).not.toBeNull();
  });
});
