import { getDocument, GlobalWorkerOptions, VerbosityLevel } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/*
 * pdf.js, imported only by a PDF preview (a chunk of its own, loaded when one opens), so no
 * page's first JavaScript carries it. Only pdf.js's core is used: it parses the document and
 * paints pages into a canvas. A PDF's JavaScript (/OpenAction, form actions) runs only in
 * pdf.js's scripting sandbox, which belongs to its viewer and is never loaded here, and no
 * annotation layer is built, so a preview has no links or form fields to act on either.
 */
GlobalWorkerOptions.workerSrc = workerUrl;

/** Longest side of a page's bitmap, in device pixels: beyond it canvases fail or crawl. */
const maxBitmapSide = 4096;

export interface PdfPages {
  count: number;
  /** Paints page `number` (from 1) into `canvas`, `cssWidth` CSS pixels wide. */
  render(number: number, canvas: HTMLCanvasElement, cssWidth: number): PageRender;
  close(): void;
}

export interface PageRender {
  /** Resolves once painted; rejects when the page is broken or the render was cancelled. */
  done: Promise<void>;
  cancel(): void;
}

/** Opens a PDF from its bytes; rejects when pdf.js cannot read it (broken, locked). */
export async function openPdfPages(bytes: Uint8Array): Promise<PdfPages> {
  const task = getDocument({
    data: bytes,
    // Font programs are drawn by interpreting them, never by compiling strings to code,
    // which the page's CSP (no 'unsafe-eval') refuses anyway.
    isEvalSupported: false,
    enableXfa: false,
    verbosity: VerbosityLevel.ERRORS,
  });
  let document;
  try {
    document = await task.promise;
  } catch (error) {
    void task.destroy();
    throw error;
  }
  return {
    count: document.numPages,
    render(number, canvas, cssWidth) {
      let cancelled = false;
      let cancelTask = () => {};
      const done = document.getPage(number).then(async (page) => {
        if (cancelled) throw new Error('cancelled');
        const unscaled = page.getViewport({ scale: 1 });
        const pixelRatio = Math.min(window.devicePixelRatio || 1, 3);
        const widest = Math.max(unscaled.width, unscaled.height);
        const scale = Math.min((cssWidth * pixelRatio) / unscaled.width, maxBitmapSide / widest);
        const viewport = page.getViewport({ scale });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        const render = page.render({ canvas, viewport });
        cancelTask = () => render.cancel();
        await render.promise;
      });
      return {
        done,
        cancel: () => {
          cancelled = true;
          cancelTask();
        },
      };
    },
    close: () => void task.destroy(),
  };
}
