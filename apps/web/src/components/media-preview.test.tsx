import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MediaPreview } from './media-preview';

// jsdom has no object URLs: these record which addresses the preview makes and gives up.
// What the browser paints (SVG and PDF in canvases) is proved by e2e/preview-isolation.spec.ts.
const created: string[] = [];
const revoked = new Set<string>();
beforeEach(() => {
  created.length = 0;
  revoked.clear();
  URL.createObjectURL = () => {
    const url = `blob:http://localhost/${created.length + 1}`;
    created.push(url);
    return url;
  };
  URL.revokeObjectURL = (url: string) => void revoked.add(url);
});

const typed = (type: string) => new Blob([new Uint8Array([1, 2, 3])], { type });

/** Every address an element of the page points at. */
const addressesIn = (root: HTMLElement) =>
  [...root.querySelectorAll('[src], [href], [data], [poster]')].map((element) =>
    ['src', 'href', 'data', 'poster'].map((name) => element.getAttribute(name)).find(Boolean),
  );

describe('MediaPreview', () => {
  it('gives an image its address up as soon as it has loaded, and keeps showing it', () => {
    render(<MediaPreview kind="image" blob={typed('image/png')} name="cat.png" />);
    const image = screen.getByRole('img', { name: 'Preview of cat.png' });
    const address = image.getAttribute('src')!;
    expect(address).toMatch(/^blob:/);
    expect(revoked.has(address)).toBe(false);
    fireEvent.load(image);
    expect(revoked.has(address)).toBe(true);
    expect(image).toBeInTheDocument();
  });

  it('never puts an SVG in the page by address: it is a canvas, its decoding address revoked', async () => {
    const { container } = render(
      <MediaPreview kind="image" blob={typed('image/svg+xml')} name="logo.svg" />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('canvas')).toHaveAttribute('aria-label', 'Preview of logo.svg');
    expect(addressesIn(container)).toEqual([]);
    // jsdom decodes no image: the preview says so, and the address it decoded from is gone.
    await screen.findByText('This file cannot be shown in this browser. Download it to open it.');
    expect(created).toHaveLength(1);
    expect(revoked.has(created[0]!)).toBe(true);
  });

  it('shows a PDF without a frame and without an address', async () => {
    const { container } = render(
      <MediaPreview kind="pdf" blob={typed('application/pdf')} name="report.pdf" />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading preview…');
    expect(container.querySelector('canvas')).toHaveAttribute(
      'aria-label',
      'Preview of report.pdf',
    );
    expect(container.querySelector('iframe, object, embed')).toBeNull();
    expect(addressesIn(container)).toEqual([]);
    // jsdom cannot run pdf.js (it has no canvas): the preview says the file cannot be shown.
    await screen.findByText('This file cannot be shown in this browser. Download it to open it.');
    expect(created).toEqual([]);
  });

  it('keeps audio and video addresses while they play, and gives them up when closed', () => {
    for (const [kind, type] of [
      ['audio', 'audio/mpeg'],
      ['video', 'video/mp4'],
    ] as const) {
      const { container, unmount } = render(
        <MediaPreview kind={kind} blob={typed(type)} name={`clip.${kind}`} />,
      );
      const player = container.querySelector(kind)!;
      expect(player).toHaveAttribute('aria-label', `Preview of clip.${kind}`);
      const address = player.getAttribute('src')!;
      fireEvent.loadedData(player);
      expect(revoked.has(address)).toBe(false);
      unmount();
      expect(revoked.has(address)).toBe(true);
    }
  });
});
