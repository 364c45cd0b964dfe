import { create } from 'qrcode/lib/core/qrcode.js';

/** Light modules around the code; scanners want a margin (the standard's 4 is more than needed). */
const quietZone = 2;

/**
 * The QR code of `text` drawn with half blocks, two module rows per line, in black on white
 * whatever the terminal's colours, so phone cameras read it on dark and light themes alike.
 */
export function terminalQr(text: string): string {
  const { modules } = create(text, { errorCorrectionLevel: 'L' });
  const size = modules.size;
  const dark = (row: number, col: number) =>
    row >= 0 && row < size && col >= 0 && col < size && modules.get(row, col) === 1;
  const lines: string[] = [];
  for (let row = -quietZone; row < size + quietZone; row += 2) {
    let line = '';
    for (let col = -quietZone; col < size + quietZone; col++) {
      const top = dark(row, col);
      const bottom = dark(row + 1, col);
      line += top && bottom ? '█' : top ? '▀' : bottom ? '▄' : ' ';
    }
    lines.push(`\x1b[30;47m${line}\x1b[0m`);
  }
  return `${lines.join('\n')}\n`;
}
