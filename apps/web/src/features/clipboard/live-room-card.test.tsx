import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClipboardPage } from './clipboard-page';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const starting = vi.hoisted(() => ({ startRoom: vi.fn() }));
vi.mock('./start-room', () => starting);
beforeEach(() => {
  vi.stubGlobal('isSecureContext', true);
  // The form's switches measure themselves; jsdom has no layout to measure.
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
  vi.clearAllMocks();
});

function Opened() {
  return <p>Opened {useParams().code}</p>;
}

function setup() {
  const router = createMemoryRouter(
    [
      { path: '/clipboard', element: <ClipboardPage /> },
      { path: '/:code', element: <Opened /> },
    ],
    { initialEntries: ['/clipboard'] },
  );
  render(<RouterProvider router={router} />);
  return { user: userEvent.setup() };
}

const started = {
  ok: true,
  data: {
    code: '4821',
    createdAt: '2026-01-01T10:00:00.000Z',
    expiresAt: '2026-01-02T10:00:00.000Z',
    deleteToken: 'delete-token',
    version: 0,
  },
};

describe('the clipboard page’s live room', () => {
  it('is offered below the form, which keeps its own labels', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Live room' })).toBeInTheDocument();
    expect(
      screen.getByText('Keep one text in sync on all your devices, live.'),
    ).toBeInTheDocument();
    // Labels the clipboard form's tests find by name stay the form's alone.
    expect(screen.getAllByLabelText(/Expires after/)).toHaveLength(1);
    expect(screen.queryAllByLabelText(/^Password$/)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Generate 4-Digit Code' })).toBeInTheDocument();
  });

  it('starts a room without a password and opens its code', async () => {
    starting.startRoom.mockResolvedValue(started);
    const { user } = setup();
    await user.selectOptions(screen.getByLabelText('Keep the room for'), '3600');
    await user.click(screen.getByRole('button', { name: 'Start live room' }));
    expect(await screen.findByText('Opened 4821')).toBeInTheDocument();
    expect(starting.startRoom).toHaveBeenCalledWith({ password: '', expiresInSeconds: 3600 });
  });

  it('starts an encrypted room with the password as typed', async () => {
    starting.startRoom.mockResolvedValue(started);
    const { user } = setup();
    await user.type(screen.getByLabelText('Room password (optional)'), ' secret ');
    await user.click(screen.getByRole('button', { name: 'Start live room' }));
    await waitFor(() =>
      expect(starting.startRoom).toHaveBeenCalledWith({
        password: ' secret ',
        expiresInSeconds: 86_400,
      }),
    );
  });

  it('offers no password where the browser cannot encrypt', () => {
    vi.stubGlobal('isSecureContext', false);
    setup();
    expect(screen.queryByLabelText('Room password (optional)')).toBeNull();
  });

  it('says why a room could not be started, and stays', async () => {
    starting.startRoom.mockResolvedValue({
      ok: false,
      problem: {
        code: 'RATE_LIMITED',
        status: 429,
        title: 'Too many requests',
        detail: '',
        retryAfterSeconds: 30,
      },
    });
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Start live room' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not start the live room');
    expect(alert).toHaveTextContent('Too many attempts. Please wait 30 seconds and try again.');
    expect(screen.getByRole('button', { name: 'Start live room' })).toBeEnabled();
  });
});
