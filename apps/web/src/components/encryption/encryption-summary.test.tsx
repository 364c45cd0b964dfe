import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EncryptionActiveBox } from './encryption-active-box';
import { EncryptionSummary } from './encryption-summary';

describe('EncryptionSummary', () => {
  it('says the share is password protected and that recipients need the password', () => {
    render(<EncryptionSummary />);
    const summary = screen.getByRole('region', { name: 'Encryption summary' });
    expect(summary).toHaveTextContent('Password protected with AES-256-GCM');
    expect(summary).toHaveTextContent('Recipients need the code and the password.');
    expect(summary).toHaveTextContent('No recovery email');
    expect(summary).toHaveTextContent('never see the password');
  });

  it('names the recovery email when there is one', () => {
    render(<EncryptionSummary recoveryEmail="me@example.org" />);
    expect(screen.getByRole('region', { name: 'Encryption summary' })).toHaveTextContent(
      'Recovery email: me@example.org.',
    );
    expect(screen.queryByText(/never see the password/)).toBeNull();
  });
});

describe('EncryptionActiveBox', () => {
  it('lists what docs/product.md#file-share says the encryption covers', () => {
    render(<EncryptionActiveBox />);
    const box = screen.getByRole('region', { name: 'Encryption Active' });
    const items = within(box)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Filename encrypted with AES-256-GCM',
      'File type and size kept in encrypted metadata',
      'Password required to decrypt the filename and download the file',
    ]);
  });

  it('speaks of files and names for a share of several files', () => {
    render(<EncryptionActiveBox fileCount={3} />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'File names encrypted with AES-256-GCM',
      'File types and sizes kept in encrypted metadata',
      'Password required to decrypt the file names and download the files',
    ]);
  });

  it('adds the recovery email when given', () => {
    render(<EncryptionActiveBox recoveryEmail="me@example.org" />);
    expect(screen.getAllByRole('listitem').at(-1)).toHaveTextContent(
      'Recovery email: me@example.org',
    );
  });
});
