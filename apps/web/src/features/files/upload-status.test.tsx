import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UploadStatus } from './upload-status';
import { UploadTracker } from './upload-tracker';

describe('UploadStatus', () => {
  it('follows the upload: percent, failure with Resume upload, then complete', async () => {
    const tracker = new UploadTracker(200);
    const restart = vi.fn();
    tracker.upload = { stop: vi.fn(), restart };
    render(<UploadStatus tracker={tracker} />);
    expect(screen.getByText('Uploading… 0%')).toBeVisible();
    act(() => tracker.update({ sent: 199 }));
    // 99 % until the server has the last byte.
    expect(screen.getByText('Uploading… 99%')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();

    act(() =>
      tracker.update({
        phase: 'failed',
        problem: { code: 'NETWORK_ERROR', status: 0, title: 'Upload interrupted', detail: 'Lost.' },
      }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Upload interrupted');
    await userEvent.click(screen.getByRole('button', { name: 'Resume upload' }));
    expect(restart).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => tracker.update({ phase: 'done', sent: 200 }));
    expect(screen.getByText('Upload complete')).toBeVisible();
  });

  it('offers no Resume upload for an upload the server no longer has', () => {
    const tracker = new UploadTracker(200);
    tracker.update({
      phase: 'failed',
      problem: {
        code: 'UPLOAD_NOT_FOUND',
        status: 404,
        title: 'Upload no longer available',
        detail: 'Gone.',
      },
    });
    render(<UploadStatus tracker={tracker} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Upload no longer available');
    expect(screen.queryByRole('button', { name: 'Resume upload' })).toBeNull();
  });
});
