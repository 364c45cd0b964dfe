import jsqrModule from 'jsqr';
import { expect, test } from 'vitest';
import { terminalQr } from '../src/terminal/qr.js';

// jsqr is CommonJS typed as an ES module: its function is the default export at run time.
const jsQR = (
  'default' in jsqrModule ? jsqrModule.default : jsqrModule
) as typeof jsqrModule.default;
const colours = '\x1b[30;47m';
const reset = '\x1b[0m';

/** The terminal drawing back to pixels: each character is one module wide and two high. */
function toPixels(drawing: string) {
  const lines = drawing
    .trimEnd()
    .split('\n')
    .map((line) => Array.from(line.replaceAll(colours, '').replaceAll(reset, '')));
  const scale = 4;
  const width = lines[0]!.length * scale;
  const height = lines.length * 2 * scale;
  const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
  lines.forEach((chars, row) =>
    chars.forEach((char, col) => {
      const top = char === '█' || char === '▀';
      const bottom = char === '█' || char === '▄';
      for (let y = 0; y < 2 * scale; y++) {
        const dark = y < scale ? top : bottom;
        if (!dark) continue;
        for (let x = 0; x < scale; x++) {
          const offset = ((row * 2 * scale + y) * width + col * scale + x) * 4;
          pixels.fill(0, offset, offset + 3);
        }
      }
    }),
  );
  return { pixels, width, height };
}

test('the QR code drawn in the terminal scans as the link', () => {
  const link = 'https://codedrop.example/482913';
  const drawing = terminalQr(link);
  // Black on white, whatever the terminal's theme.
  expect(drawing.startsWith(colours)).toBe(true);
  const { pixels, width, height } = toPixels(drawing);
  expect(jsQR(pixels, width, height)?.data).toBe(link);
});
