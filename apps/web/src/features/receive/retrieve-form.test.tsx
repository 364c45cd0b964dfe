import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RetrieveForm } from './retrieve-form';

function setup(props: Partial<Parameters<typeof RetrieveForm>[0]> = {}) {
  const onLookup = vi.fn();
  render(<RetrieveForm initialCode="" loading={false} onLookup={onLookup} {...props} />);
  return {
    onLookup,
    input: screen.getByPlaceholderText('Enter 4-6 digit code...'),
    user: userEvent.setup(),
  };
}

describe('RetrieveForm', () => {
  it('shows the title and description of docs/product.md#landing-page', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Retrieve Shared Content' })).toBeVisible();
    expect(
      screen.getByText('Enter a code to access shared clipboard, notes, or files'),
    ).toBeVisible();
  });

  it('strips non-digits and cuts to 6 digits', async () => {
    const { input, user } = setup();
    await user.type(input, '1a2b-3 4');
    expect(input).toHaveValue('1234');
    await user.type(input, '56789');
    expect(input).toHaveValue('123456');
  });

  it('filters pasted text too', async () => {
    const { input, user } = setup();
    await user.click(input);
    await user.paste('code: 98 76 54 32');
    expect(input).toHaveValue('987654');
  });

  it('disables Retrieve Content while empty', async () => {
    const { input, user } = setup();
    const button = screen.getByRole('button', { name: 'Retrieve Content' });
    expect(button).toBeDisabled();
    await user.type(input, 'abc');
    expect(button).toBeDisabled();
    await user.type(input, '1');
    expect(button).toBeEnabled();
  });

  it('looks up at 4 or more digits, on Enter or the button', async () => {
    const { input, user, onLookup } = setup();
    await user.type(input, '1234{Enter}');
    expect(onLookup).toHaveBeenLastCalledWith('1234');
    await user.type(input, '5');
    await user.click(screen.getByRole('button', { name: 'Retrieve Content' }));
    expect(onLookup).toHaveBeenLastCalledWith('12345');
  });

  it('does not look up fewer than 4 digits, and says why', async () => {
    const { input, user, onLookup } = setup();
    await user.type(input, '123{Enter}');
    expect(onLookup).not.toHaveBeenCalled();
    expect(screen.getByText('Codes have at least 4 digits.')).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows Searching... and is disabled while loading', () => {
    setup({ initialCode: '1234', loading: true });
    expect(screen.getByRole('button', { name: 'Searching...' })).toBeDisabled();
  });

  it('shows the lookup failure', () => {
    setup({
      initialCode: '1234',
      error: {
        title: 'Share not found',
        detail: 'Content not found or has expired. Please check the code and try again.',
      },
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Content not found or has expired. Please check the code and try again.',
    );
  });
});
