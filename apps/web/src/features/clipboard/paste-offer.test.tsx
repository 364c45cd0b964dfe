import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { takePendingFiles } from '../../lib/pending-files';
import { PasteOffer } from './paste-offer';

function setup() {
  render(
    <MemoryRouter initialEntries={['/clipboard']}>
      <Routes>
        <Route
          path="/clipboard"
          element={
            <>
              <textarea aria-label="Your text" />
              <PasteOffer enabled />
            </>
          }
        />
        <Route path="/file-share" element={<p>The file page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

/** A paste into the text box, as a browser sends it (jsdom has no ClipboardEvent). */
function paste(files: File[], text = '') {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'clipboardData', {
    value: { items: [], files, getData: (type: string) => (type === 'text/plain' ? text : '') },
  });
  act(() => void screen.getByLabelText('Your text').dispatchEvent(event));
  return event;
}

const screenshot = () => new File(['png'], 'image.png', { type: 'image/png' });

describe('PasteOffer', () => {
  it('offers a pasted image as a file and hands it to the file page, named', async () => {
    const user = setup();
    const event = paste([screenshot()]);
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByText('You pasted 1 image. Share it as a file instead?')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Share as file' }));
    expect(screen.getByText('The file page')).toBeVisible();
    const [handed, ...rest] = takePendingFiles();
    expect(rest).toEqual([]);
    expect(handed!.name).toMatch(/^pasted-\d{4}-\d\d-\d\d-\d{4}\.png$/);
  });

  it('speaks of files, plural, for several', () => {
    setup();
    paste([screenshot(), new File(['%PDF'], 'report.pdf', { type: 'application/pdf' })]);
    expect(screen.getByText('You pasted 2 files. Share them as files instead?')).toBeVisible();
  });

  it('leaves a text paste alone', () => {
    setup();
    const event = paste([], 'just text');
    expect(event.defaultPrevented).toBe(false);
    expect(screen.queryByRole('button', { name: 'Share as file' })).toBeNull();
  });

  it('lets text that comes with a file paste as text, and still offers the file', () => {
    setup();
    const event = paste([new File(['x'], 'copied.pdf')], 'copied.pdf');
    expect(event.defaultPrevented).toBe(false);
    expect(screen.getByText('You pasted 1 file. Share it as a file instead?')).toBeVisible();
  });

  it('can be dismissed', async () => {
    const user = setup();
    paste([screenshot()]);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('button', { name: 'Share as file' })).toBeNull();
    expect(takePendingFiles()).toEqual([]);
  });
});
