import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../lib/cn';
import type { PdfPages } from '../lib/pdf-pages';
import { Button } from './button';
import { Spinner } from './spinner';

/** Widest a page is painted, in CSS pixels: wider reads no better and costs memory. */
const maxPageWidth = 900;
/** A page button's words: read out always, shown beside the arrow where there is room. */
const pageButtonText = 'sr-only sm:not-sr-only';

/**
 * A PDF's pages painted into a canvas by pdf.js, one page at a time with Previous and Next.
 * Never the browser's own PDF viewer: that one runs the document's JavaScript (an /OpenAction
 * alert) inside the site's origin. pdf.js is fetched when the first PDF preview opens.
 */
export function PdfPreview({
  blob,
  label,
  boxClassName,
  onFailure,
}: {
  blob: Blob;
  label: string;
  /** The scrolling box the page is shown in (its height). */
  boxClassName: string;
  onFailure: () => void;
}) {
  const { t } = useLingui();
  const [pages, setPages] = useState<PdfPages | null>(null);
  const [number, setNumber] = useState(1);
  const [painted, setPainted] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const failed = useRef(onFailure);
  useEffect(() => {
    failed.current = onFailure;
  });

  useEffect(() => {
    let live = true;
    let opened: PdfPages | null = null;
    setPages(null);
    setNumber(1);
    setPainted(0);
    Promise.all([import('../lib/pdf-pages'), Promise.resolve(blob).then((it) => it.arrayBuffer())])
      .then(([{ openPdfPages }, bytes]) => openPdfPages(new Uint8Array(bytes)))
      .then((document) => {
        if (live) setPages((opened = document));
        else document.close();
      })
      .catch(() => live && failed.current());
    return () => {
      live = false;
      opened?.close();
    };
  }, [blob]);

  useEffect(() => {
    if (pages === null) return;
    const width = Math.min(box.current!.clientWidth || maxPageWidth, maxPageWidth);
    const render = pages.render(number, canvas.current!, width);
    let live = true;
    render.done.then(
      () => live && setPainted(number),
      () => live && failed.current(),
    );
    return () => {
      live = false;
      render.cancel();
    };
  }, [pages, number]);

  // After the first page the canvas stays in view: turning a page repaints it in place.
  const shown = pages !== null && painted > 0;
  const count = pages?.count ?? 0;
  return (
    <div className="flex flex-col gap-2">
      {!shown && (
        <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-600">
          <Spinner />
          <Trans>Loading preview…</Trans>
        </p>
      )}
      <div
        ref={box}
        tabIndex={shown ? 0 : undefined}
        role="group"
        aria-label={pages === null ? label : t`${label}, page ${number} of ${count}`}
        className={cn(
          'overflow-auto rounded-lg border border-slate-200 bg-slate-100',
          boxClassName,
        )}
      >
        <canvas
          ref={canvas}
          role="img"
          aria-label={label}
          hidden={!shown}
          style={{ maxWidth: maxPageWidth }}
          className="mx-auto block h-auto w-full bg-white"
        />
      </div>
      {pages !== null && pages.count > 1 && (
        <div className="flex items-center justify-between gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={number <= 1}
            onClick={() => setNumber(number - 1)}
          >
            <ChevronLeft aria-hidden="true" className="rtl:-scale-x-100" />
            <span className={pageButtonText}>
              <Trans>Previous page</Trans>
            </span>
          </Button>
          <p aria-live="polite" className="text-sm whitespace-nowrap text-slate-600">
            <Trans>
              Page {number} of {count}
            </Trans>
          </p>
          <Button
            variant="secondary"
            size="sm"
            disabled={number >= pages.count}
            onClick={() => setNumber(number + 1)}
          >
            <span className={pageButtonText}>
              <Trans>Next page</Trans>
            </span>
            <ChevronRight aria-hidden="true" className="rtl:-scale-x-100" />
          </Button>
        </div>
      )}
    </div>
  );
}
