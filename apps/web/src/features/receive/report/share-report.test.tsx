import { messages } from '@codedrop/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareReport } from './share-report';

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status < 300 ? 'application/json' : 'application/problem+json' },
  });
const problem = (code: string, status: number, extra: object = {}) =>
  json(
    { type: 'about:blank', title: 'server title', status, detail: 'server detail', code, ...extra },
    status,
  );

/** POST /api/shares/4821/reports answers `response()`. */
function serveReports(response: () => Response | Promise<Response>) {
  const spy = vi.fn(async (_url: string, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', spy);
  return spy;
}

async function openForm() {
  const user = userEvent.setup();
  render(<ShareReport code="4821" />);
  await user.click(screen.getByRole('button', { name: 'Report' }));
  return user;
}

const send = () => screen.getByRole('button', { name: 'Send report' });

afterEach(() => vi.unstubAllGlobals());

describe('ShareReport', () => {
  it('opens the form on Report and moves focus into it', async () => {
    await openForm();
    const form = screen.getByRole('form', { name: 'Report this share' });
    const reasons = within(form).getByRole('group', { name: 'Reason' });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((radio) => radio.nextSibling?.textContent),
    ).toEqual(['Illegal content', 'Malware or phishing', 'Copyright', 'Spam', 'Other']);
    expect(screen.getByRole('radio', { name: 'Illegal content' })).toHaveFocus();
    expect(screen.getByLabelText('Message (optional)')).toHaveAttribute('maxlength', '1000');
    expect(screen.getByLabelText('Contact email (optional)')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Report' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('asks for a reason and sends nothing without one', async () => {
    const spy = serveReports(() => json({ message: messages.reportThanks }, 202));
    const user = await openForm();
    await user.click(send());
    expect(screen.getByRole('group', { name: 'Reason' })).toHaveAccessibleDescription(
      'Please choose a reason',
    );
    expect(screen.getByRole('radio', { name: 'Illegal content' })).toHaveFocus();
    expect(spy).not.toHaveBeenCalled();
    await user.click(screen.getByRole('radio', { name: 'Spam' }));
    expect(screen.queryByText('Please choose a reason')).toBeNull();
  });

  it('counts the message as it is typed', async () => {
    const user = await openForm();
    await user.type(screen.getByLabelText('Message (optional)'), 'Phishing');
    expect(screen.getByLabelText('Message (optional)')).toHaveAccessibleDescription(
      '8 / 1,000 characters',
    );
  });

  it('sends the full report, shows Sending… meanwhile, then the thanks', async () => {
    let answer: (response: Response) => void = () => undefined;
    const spy = serveReports(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = await openForm();
    await user.click(screen.getByRole('radio', { name: 'Malware or phishing' }));
    await user.type(screen.getByLabelText('Message (optional)'), '  A fake bank login page ');
    await user.type(screen.getByLabelText('Contact email (optional)'), 'me@example.org');
    await user.click(send());

    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(spy).toHaveBeenCalledTimes(1);
    const [url, init] = spy.mock.calls[0]!;
    expect(url).toBe('/api/shares/4821/reports');
    expect(init!.method).toBe('POST');
    expect(JSON.parse(String(init!.body))).toEqual({
      reason: 'malware',
      message: 'A fake bank login page',
      email: 'me@example.org',
    });

    answer(json({ message: 'Thank you. We will review this share.' }, 202));
    expect(await screen.findByText('Thank you. We will review this share.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('button', { name: 'Report' })).toHaveFocus();
  });

  it('leaves out the optional fields when they are blank', async () => {
    const spy = serveReports(() => json({ message: messages.reportThanks }, 202));
    const user = await openForm();
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.type(screen.getByLabelText('Message (optional)'), '   ');
    await user.click(send());
    expect(JSON.parse(String(spy.mock.calls[0]![1]!.body))).toEqual({ reason: 'other' });
  });

  it('shows a refused field next to it', async () => {
    serveReports(() =>
      problem('VALIDATION_FAILED', 400, {
        errors: [{ field: 'email', message: 'Please enter a valid email address' }],
      }),
    );
    const user = await openForm();
    await user.click(screen.getByRole('radio', { name: 'Spam' }));
    await user.type(screen.getByLabelText('Contact email (optional)'), 'me@nowhere');
    await user.click(send());
    const email = screen.getByLabelText('Contact email (optional)');
    expect(await screen.findByText('Please enter a valid email address')).toBeVisible();
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks a rate-limited visitor to wait', async () => {
    serveReports(() => problem('RATE_LIMITED', 429, { retryAfterSeconds: 1800 }));
    const user = await openForm();
    await user.click(screen.getByRole('radio', { name: 'Copyright' }));
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.rateLimited(1800));
    expect(send()).toBeEnabled();
  });

  it.each([
    ['another failure', () => problem('SERVICE_UNAVAILABLE', 503)],
    [
      'a refusal of no field in the form',
      () => problem('VALIDATION_FAILED', 400, { errors: [{ field: 'code', message: 'Bad code' }] }),
    ],
  ])("shows the server's words for %s", async (_, answer) => {
    serveReports(answer);
    const user = await openForm();
    await user.click(screen.getByRole('radio', { name: 'Illegal content' }));
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent('server detail');
  });

  it('closes on Cancel, or Escape, and gives focus back to Report', async () => {
    const spy = serveReports(() => json({ message: messages.reportThanks }, 202));
    const user = await openForm();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).toBeNull();
    const report = screen.getByRole('button', { name: 'Report' });
    expect(report).toHaveFocus();
    expect(report).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{Enter}');
    expect(screen.getByRole('radio', { name: 'Illegal content' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form')).toBeNull();
    expect(report).toHaveFocus();
    expect(spy).not.toHaveBeenCalled();
  });
});
