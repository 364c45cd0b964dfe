import { pdfOfObjects } from './sample-files';

/** The localStorage key a scripted sample writes when its script runs as the site. */
export const scriptRanKey = 'uploaded-script-ran';
/** The title a scripted sample gives the document its script runs in. */
export const scriptRanTitle = 'uploaded script ran';

/**
 * An SVG (a blue rectangle) whose inline script, if it ever runs, writes to the
 * origin's localStorage, retitles its document and opens a dialog.
 */
export function scriptedSvg(): Buffer {
  return Buffer.from(
    [
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80" viewBox="0 0 120 80">',
      '<rect width="120" height="80" fill="#2563eb"/>',
      `<script>localStorage.setItem('${scriptRanKey}', String(location));`,
      `document.title = '${scriptRanTitle}'; alert('svg');</script>`,
      '</svg>',
    ].join('\n'),
  );
}

/**
 * A valid two-page PDF whose /OpenAction is JavaScript (`app.alert`); each page has a filled
 * blue rectangle (so painting can be seen in the canvas) and its number in text.
 */
export function scriptedPdf(): Buffer {
  const page = (n: number) =>
    `0.15 0.39 0.92 rg 72 480 300 200 re f BT /F1 36 Tf 72 720 Td (Page ${n}) Tj ET`;
  const [one, two] = [page(1), page(2)];
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 8 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R /Resources << /Font << /F1 7 0 R >> >> >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 6 0 R /Resources << /Font << /F1 7 0 R >> >> >>',
    `<< /Length ${one.length} >>\nstream\n${one}\nendstream`,
    `<< /Length ${two.length} >>\nstream\n${two}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /S /JavaScript /JS (app.alert\\('pdf'\\); this.title = '${scriptRanTitle}';) >>`,
  ];
  return pdfOfObjects(objects);
}
