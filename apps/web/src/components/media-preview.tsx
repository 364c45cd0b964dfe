import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { MediaKind } from '../lib/sniff-type';
import { useObjectUrl } from '../lib/use-object-url';
import { Alert } from './alert';
import { PdfPreview } from './pdf-preview';
import { SvgBitmap } from './svg-bitmap';

/** Where the preview sits: the viewer's roomy panel, or the console's compact file list. */
export type MediaPreviewLayout = 'panel' | 'compact';

const looks = {
  panel: {
    image: 'mx-auto block h-auto max-h-[70vh] w-auto max-w-full rounded-lg object-contain',
    pageBox: 'max-h-[70vh]',
    video: 'mx-auto block max-h-[70vh] w-full rounded-lg bg-slate-900',
  },
  compact: {
    image:
      'block h-auto max-h-96 w-auto max-w-full self-start rounded-lg border border-slate-200 object-contain',
    pageBox: 'max-h-96',
    video: 'block max-h-96 w-full rounded-lg bg-slate-900',
  },
} as const;

export interface MediaPreviewProps {
  kind: MediaKind;
  /** The file's bytes, typed with the type sniffed from them (lib/file-preview.ts). */
  blob: Blob;
  name: string;
  layout?: MediaPreviewLayout;
}

/**
 * A file shown as what its bytes are, by the viewer and by the console alike. No uploaded
 * byte ever becomes a document of the site's origin (docs/design.md#file-previews):
 * - an SVG is painted into a canvas: the page holds its pixels and no address of it;
 * - any other image is an <img> whose blob: address is revoked once it has loaded;
 * - a PDF is painted page by page by pdf.js, which runs none of its JavaScript;
 * - audio and video keep their blob: address while shown (a player reads the bytes as it
 *   plays and seeks), revoked when the preview closes. Their kind is sniffed from the bytes
 *   and the address carries that media type, so opened on its own it is a media player, never
 *   a page: HTML or SVG never sniffs as audio or video.
 */
export function MediaPreview({ kind, blob, name, layout = 'panel' }: MediaPreviewProps) {
  const { t } = useLingui();
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <Alert
        variant="info"
        title={t`This file cannot be shown in this browser. Download it to open it.`}
      />
    );
  }
  const label = t`Preview of ${name}`;
  const look = looks[layout];
  const onFailure = () => setFailed(true);
  switch (kind) {
    case 'image':
      return blob.type === 'image/svg+xml' ? (
        <SvgBitmap blob={blob} label={label} className={look.image} onFailure={onFailure} />
      ) : (
        <RasterImage blob={blob} label={label} className={look.image} onFailure={onFailure} />
      );
    case 'pdf':
      return (
        <PdfPreview blob={blob} label={label} boxClassName={look.pageBox} onFailure={onFailure} />
      );
    case 'audio':
    case 'video':
      return (
        <Player
          kind={kind}
          blob={blob}
          label={label}
          className={look.video}
          onFailure={onFailure}
        />
      );
  }
}

interface ElementProps {
  blob: Blob;
  label: string;
  className: string;
  onFailure: () => void;
}

/** A decoded image keeps showing after its address is revoked; the address then loads nothing. */
function RasterImage({ blob, label, className, onFailure }: ElementProps) {
  const { url, revoke } = useObjectUrl(blob);
  if (url === null) return null;
  const fail = () => {
    revoke();
    onFailure();
  };
  return <img src={url} alt={label} onLoad={revoke} onError={fail} className={className} />;
}

function Player({
  kind,
  blob,
  label,
  className,
  onFailure,
}: ElementProps & { kind: 'audio' | 'video' }) {
  const { url } = useObjectUrl(blob);
  if (url === null) return null;
  return kind === 'audio' ? (
    <audio controls src={url} aria-label={label} onError={onFailure} className="w-full" />
  ) : (
    <video controls src={url} aria-label={label} onError={onFailure} className={className} />
  );
}
