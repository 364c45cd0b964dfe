import { useEffect, useRef, useState, type CSSProperties } from 'react';

/** The size a browser gives an image that states none (CSS's default object size). */
const defaultSize = { width: 300, height: 150 };
/** Longest side of the bitmap, in device pixels: beyond it canvases fail or crawl. */
const maxBitmapSide = 4096;

/** The CSS size to show an SVG at: its own, or the default when it states none. */
function cssSizeOf(image: HTMLImageElement): { width: number; height: number } {
  const { naturalWidth: width, naturalHeight: height } = image;
  return width > 0 && height > 0 ? { width, height } : defaultSize;
}

/** Decodes the SVG as an image, where it runs no script and loads nothing. */
async function decodeSvg(blob: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(blob);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image;
  } finally {
    // The address lived only while the image decoded, and was never in the page.
    URL.revokeObjectURL(url);
  }
}

/** Paints the decoded image into the canvas, sharp on this screen; returns its CSS size. */
function paint(image: HTMLImageElement, canvas: HTMLCanvasElement) {
  const size = cssSizeOf(image);
  const pixelRatio = Math.min(window.devicePixelRatio || 1, 3);
  const scale = Math.min(pixelRatio, maxBitmapSide / Math.max(size.width, size.height));
  canvas.width = Math.max(1, Math.round(size.width * scale));
  canvas.height = Math.max(1, Math.round(size.height * scale));
  const context = canvas.getContext('2d');
  if (context === null) throw new Error('no 2D canvas');
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return size;
}

/**
 * An SVG shown as a bitmap: painted into a canvas, so the page holds pixels and no address
 * of the file. An SVG is a document that can carry script; as an <img> its script does not
 * run, but the <img>'s blob: address, opened as a page of its own, would render it as a
 * document of the site's origin. A canvas has no address to open.
 */
export function SvgBitmap({
  blob,
  label,
  className,
  onFailure,
}: {
  blob: Blob;
  label: string;
  className: string;
  onFailure: () => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const failed = useRef(onFailure);
  useEffect(() => {
    failed.current = onFailure;
  });
  useEffect(() => {
    let live = true;
    setSize(null);
    decodeSvg(blob)
      .then((image) => live && setSize(paint(image, canvas.current!)))
      .catch(() => live && failed.current());
    return () => {
      live = false;
    };
  }, [blob]);
  const style: CSSProperties | undefined =
    size === null
      ? undefined
      : { width: size.width, aspectRatio: `${size.width} / ${size.height}` };
  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={label}
      hidden={size === null}
      style={style}
      className={className}
    />
  );
}
