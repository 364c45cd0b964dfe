import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startVisiblePolling } from './visible-polling';

let visibility: DocumentVisibilityState = 'visible';
beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function setVisibility(next: DocumentVisibilityState) {
  visibility = next;
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('startVisiblePolling', () => {
  it('polls on the interval while the page is visible', async () => {
    const poll = vi.fn(async () => undefined);
    const stop = startVisiblePolling(poll, 5_000);
    expect(poll).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(poll).toHaveBeenCalledTimes(3);
    stop();
  });

  it('asks nothing while hidden, and at once when shown again', async () => {
    const poll = vi.fn(async () => undefined);
    const stop = startVisiblePolling(poll, 5_000);
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(poll).not.toHaveBeenCalled();
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(poll).toHaveBeenCalledTimes(2);
    stop();
  });

  it('stops for good when stopped, whatever the page does next', async () => {
    const poll = vi.fn(async () => undefined);
    const stop = startVisiblePolling(poll, 5_000);
    stop();
    setVisibility('hidden');
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(poll).not.toHaveBeenCalled();
  });

  it('waits for a slow poll instead of starting another beside it', async () => {
    let finish = () => {};
    const poll = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const stop = startVisiblePolling(poll, 5_000);
    await vi.advanceTimersByTimeAsync(5_000);
    setVisibility('hidden');
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(poll).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(poll).toHaveBeenCalledTimes(2);
    stop();
  });
});
