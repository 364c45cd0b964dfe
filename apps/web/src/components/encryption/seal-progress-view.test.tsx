import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SealProgressView } from './seal-progress-view';

describe('SealProgressView', () => {
  it('shows key derivation without a percentage', () => {
    render(<SealProgressView progress={{ stage: 'deriving' }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Deriving the key from your password');
    expect(screen.getByRole('progressbar', { name: 'Encryption progress' })).not.toHaveAttribute(
      'aria-valuenow',
    );
    expect(screen.queryByText(/%/)).toBeNull();
  });

  it('shows encryption with percentage and bytes', () => {
    render(
      <SealProgressView
        progress={{ stage: 'encrypting', done: 1024 * 1024, total: 4 * 1024 * 1024 }}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Encrypting in your browser');
    expect(screen.getByRole('progressbar', { name: 'Encryption progress' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(screen.getByText('25%')).toBeVisible();
    // Each size sits in a <bdi> of its own (right-to-left pages), so the line is matched.
    const bytes = (_: string, node: Element | null) =>
      node?.tagName === 'SPAN' && node.textContent === '1 MB of 4 MB';
    expect(screen.getByText(bytes)).toBeVisible();
  });

  it('shows the upload', () => {
    render(<SealProgressView progress={{ stage: 'uploading', done: 50, total: 100 }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Uploading encrypted data');
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
  });
});
