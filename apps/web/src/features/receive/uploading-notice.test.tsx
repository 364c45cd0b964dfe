import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UploadingNotice, uploadPercent } from './uploading-notice';

describe('UploadingNotice', () => {
  it('rounds down and never says 100 before the last byte', () => {
    expect(uploadPercent({ receivedBytes: 0, totalBytes: 0 })).toBe(0);
    expect(uploadPercent({ receivedBytes: 1, totalBytes: 3 })).toBe(33);
    expect(uploadPercent({ receivedBytes: 999, totalBytes: 1000 })).toBe(99);
  });

  it('shows the percentage and the bytes', () => {
    render(<UploadingNotice upload={{ receivedBytes: 512 * 1024, totalBytes: 1024 * 1024 }} />);
    expect(screen.getByText('Uploading… 50%')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  });
});
