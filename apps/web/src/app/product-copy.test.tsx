import type { PublicConfig } from '@codedrop/contract';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../entry-server';
import { ConfigProvider, defaultConfig } from '../lib/config-context';
import { routes } from './routes';

// A page's lazy chunk is transformed on its first import in the test run.
const lazyPage = { timeout: 15_000 };

/** A server with other limits than the shipped ones. */
const bigger: PublicConfig = {
  ...defaultConfig,
  codeMinDigits: 6,
  codeMaxDigits: 8,
  maxTextChars: 250_000,
  maxFileBytes: 200 * 1024 * 1024,
  downloadLimit: { min: 1, max: 20, default: 5 },
};

/** What a page says: its document title and description, its h1, and text in its body. */
interface Copy {
  title: string;
  description: string;
  heading: string;
  texts: string[];
}

/** Each page's copy, word for word: with the shipped limits, and with `bigger`. */
const pages: { path: string; shipped: Copy; bigger: Copy }[] = [
  {
    path: '/',
    shipped: {
      title: 'CodeDrop — anonymous temporary sharing',
      description:
        'Share text, notes and files anonymously with a short numeric code. No registration, optional in-browser encryption, everything deleted within 24 hours.',
      heading: 'Share text, notes and files with a 4-digit code',
      texts: [
        'Get a 4-digit code',
        'Paste text or code and share it with a short code. Up to 100,000 characters.',
        'Upload a file up to 50MB and choose how many times it can be downloaded.',
      ],
    },
    bigger: {
      title: 'CodeDrop — anonymous temporary sharing',
      description:
        'Share text, notes and files anonymously with a short numeric code. No registration, optional in-browser encryption, everything deleted within 24 hours.',
      heading: 'Share text, notes and files with a 6-digit code',
      texts: [
        'Get a 6-digit code',
        'Paste text or code and share it with a short code. Up to 250,000 characters.',
        'Upload a file up to 200MB and choose how many times it can be downloaded.',
      ],
    },
  },
  {
    path: '/clipboard',
    shipped: {
      title: 'Anonymous Clipboard — CodeDrop',
      description:
        'Paste text or code, get a short code, and open it on any device. Up to 100,000 characters, optional encryption and burn after reading.',
      heading: 'Anonymous Clipboard',
      texts: [
        'Paste text, get a 4-digit code, and open it on any device. No registration required.',
        'Generate 4-Digit Code',
      ],
    },
    bigger: {
      title: 'Anonymous Clipboard — CodeDrop',
      description:
        'Paste text or code, get a short code, and open it on any device. Up to 250,000 characters, optional encryption and burn after reading.',
      heading: 'Anonymous Clipboard',
      texts: [
        'Paste text, get a 6-digit code, and open it on any device. No registration required.',
        'Generate 6-Digit Code',
      ],
    },
  },
  {
    path: '/notepad',
    shipped: {
      title: 'Online Notepad — CodeDrop',
      description:
        'Write a formatted note with headings, lists, links and code blocks, then share it with a short code. No account, deleted within 24 hours.',
      heading: 'Online Notepad',
      texts: [
        'Write a formatted note, get a 4-digit code, and read it on any device. No registration required.',
        'Generate 4-Digit Code',
      ],
    },
    bigger: {
      title: 'Online Notepad — CodeDrop',
      description:
        'Write a formatted note with headings, lists, links and code blocks, then share it with a short code. No account, deleted within 24 hours.',
      heading: 'Online Notepad',
      texts: [
        'Write a formatted note, get a 6-digit code, and read it on any device. No registration required.',
        'Generate 6-Digit Code',
      ],
    },
  },
  {
    path: '/file-share',
    shipped: {
      title: 'File Share — CodeDrop',
      description:
        'Share a file up to 50MB with a short code. Choose a download limit, add a password to encrypt it, and it deletes itself.',
      heading: 'Anonymous File Share',
      texts: [
        'Upload a file, get a 4-digit code, and let anyone with the code download it. No registration required.',
        'Upload & Generate 4-Digit Code',
      ],
    },
    bigger: {
      title: 'File Share — CodeDrop',
      description:
        'Share a file up to 200MB with a short code. Choose a download limit, add a password to encrypt it, and it deletes itself.',
      heading: 'Anonymous File Share',
      texts: [
        'Upload a file, get a 6-digit code, and let anyone with the code download it. No registration required.',
        'Upload & Generate 6-Digit Code',
      ],
    },
  },
  {
    path: '/home',
    shipped: {
      title: 'Anonymous Clipboard, Online Notepad and File Sharing — CodeDrop',
      description:
        'CodeDrop shares text, formatted notes and files up to 50MB behind a short numeric code. No sign-up, optional encryption, deleted within 24 hours.',
      heading: 'Share Anything Instantly with a 4-Digit Code',
      texts: [],
    },
    bigger: {
      title: 'Anonymous Clipboard, Online Notepad and File Sharing — CodeDrop',
      description:
        'CodeDrop shares text, formatted notes and files up to 200MB behind a short numeric code. No sign-up, optional encryption, deleted within 24 hours.',
      heading: 'Share Anything Instantly with a 6-Digit Code',
      texts: [],
    },
  },
  {
    path: '/temporary-file-sharing-tool',
    shipped: {
      title: 'Temporary File Sharing Tool: Files Up to 50MB — CodeDrop',
      description:
        'Send a file up to 50MB without an account. Set a download limit from 1 to 100, encrypt it with a password, and it deletes itself.',
      heading: 'Temporary File Sharing Tool',
      texts: [],
    },
    bigger: {
      title: 'Temporary File Sharing Tool: Files Up to 200MB — CodeDrop',
      description:
        'Send a file up to 200MB without an account. Set a download limit from 1 to 20, encrypt it with a password, and it deletes itself.',
      heading: 'Temporary File Sharing Tool',
      texts: [],
    },
  },
  {
    path: '/no/such/page',
    shipped: {
      title: 'Page Not Found — CodeDrop',
      description:
        'This page does not exist. Share text, notes and files anonymously with a short code on CodeDrop.',
      heading: 'Page Not Found',
      texts: ['Anonymous Clipboard', 'Online Notepad', 'File Share', 'Send a file of up to 50MB.'],
    },
    bigger: {
      title: 'Page Not Found — CodeDrop',
      description:
        'This page does not exist. Share text, notes and files anonymously with a short code on CodeDrop.',
      heading: 'Page Not Found',
      texts: ['Anonymous Clipboard', 'Online Notepad', 'File Share', 'Send a file of up to 200MB.'],
    },
  },
];

/** The pages whose every word is the app's own (the content pages' bodies are Markdown). */
const appPages = ['/', '/clipboard', '/notepad', '/file-share', '/no/such/page'];

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  // jsdom has no ResizeObserver; Radix's switch measures itself with one.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Renders `path` as the browser does, the server answering GET /api/config with `config`. */
function renderServed(path: string, config: PublicConfig) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/config' ? Response.json(config) : new Response('{}', { status: 503 }),
    ),
  );
  return render(
    <ConfigProvider>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </ConfigProvider>,
  );
}

const description = () =>
  document.head.querySelector('meta[name="description"]')?.getAttribute('content');

async function expectCopy(path: string, copy: Copy) {
  const heading = await screen.findByRole('heading', { level: 1 }, lazyPage);
  await waitFor(() => expect(heading).toHaveTextContent(copy.heading), lazyPage);
  expect(document.title, path).toBe(copy.title);
  expect(description(), path).toBe(copy.description);
  for (const text of copy.texts) expect(document.body, path).toHaveTextContent(text);
}

describe.each(pages)('the copy of $path', ({ path, shipped, bigger: copy }) => {
  it('reads, with the shipped limits, word for word as docs/product.md has it', async () => {
    renderServed(path, defaultConfig);
    await expectCopy(path, shipped);
  }, 30_000);

  it('follows the limits of the server the page is served by', async () => {
    renderServed(path, bigger);
    await expectCopy(path, copy);
    if (!appPages.includes(path)) return;
    // Not one of the shipped limits left: every figure came from the configuration.
    for (const figure of ['4-digit', '4-Digit', '100,000', '50MB', '50 MB']) {
      expect(document.body.textContent, figure).not.toContain(figure);
    }
  }, 30_000);
});

describe('the prerendered pages', () => {
  it('are rendered with the shipped limits', async () => {
    const filePage = await renderPage('/file-share');
    expect(filePage.head).toContain('<title>File Share — CodeDrop</title>');
    expect(filePage.head).toContain('Share a file up to 50MB with a short code.');
    expect(filePage.body).toContain('Upload &amp; Generate 4-Digit Code');
    const home = await renderPage('/home');
    expect(home.body).toContain('Share Anything Instantly with a 4-Digit Code');
  }, 60_000);
});
