import { Trans, useLingui } from '@lingui/react/macro';
import { Check, CheckCircle2, Copy, Link2, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { formatDateTime, formatRemaining } from '../lib/format-date';
import { useLocale } from '../lib/i18n/locale-context';
import { useCopyAction } from '../lib/use-copy-action';
import { useNow } from '../lib/use-now';
import { Button } from './button';
import { DeleteShareButton } from './delete-share-button';
import { Card } from './card';
import { Input } from './input';
import { Label } from './label';
import { LiveShareStatus } from './live-share-status';

export interface ShareResultProps {
  title: ReactNode;
  code: string;
  expiresAt: string;
  /** Steps telling the recipient how to open the share. */
  instructions: ReactNode[];
  resetLabel: string;
  onReset: () => void;
  /** Details of this share (file facts, burn notice, encryption summary). */
  children?: ReactNode;
  /** The create answer's delete token: offers "Delete now", which resets the page after. */
  deleteToken?: string;
  /** After "Delete now" (before the reset): what else the page lets go of. */
  onDeleted?: () => void;
  /** What the code opens, for the words of "Delete now" ("End request now"). */
  kind?: 'share' | 'request';
}

/**
 * The result card of every create page: the code (large, one run of digits), Copy Code,
 * the deep link with its QR code, how to access it, and the way back to a fresh form.
 */
export function ShareResult({
  title,
  code,
  expiresAt,
  instructions,
  resetLabel,
  onReset,
  children,
  deleteToken,
  onDeleted,
  kind = 'share',
}: ShareResultProps) {
  const link = `${window.location.origin}/${code}`;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const codeCopy = useCopyAction();
  const linkCopy = useCopyAction();
  const { t } = useLingui();

  // Keyboard and screen-reader users land on the result, not on a vanished form.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col items-center gap-3 bg-gradient-to-br from-brand-600 to-brand-800 px-6 py-8 text-center text-white">
        <CheckCircle2 className="size-10" aria-hidden="true" />
        <h2
          ref={headingRef}
          tabIndex={-1}
          className="scroll-mt-24 text-xl font-semibold outline-none sm:text-2xl"
        >
          {title}
        </h2>
        <p className="text-sm text-brand-100">
          <Trans>Your code</Trans>
        </p>
        <p
          className="font-mono text-5xl font-bold tracking-[0.25em] sm:text-6xl"
          dir="ltr"
          data-share-code
        >
          {code}
        </p>
        <Button variant="secondary-on-color" onClick={() => void codeCopy.copy(code)}>
          {codeCopy.copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          <Trans>Copy Code</Trans>
        </Button>
        <ExpiryLine expiresAt={expiresAt} />
      </div>

      <div className="grid gap-8 p-6 sm:grid-cols-[1fr_auto]">
        <div className="flex min-w-0 flex-col gap-6">
          {/* Only its creator may watch it: the page that holds its delete token. */}
          {deleteToken !== undefined && <LiveShareStatus code={code} deleteToken={deleteToken} />}
          <div className="flex flex-col gap-2">
            <Label htmlFor="share-link">
              {kind === 'request' ? t`Request link` : t`Share link`}
            </Label>
            <div className="flex gap-2">
              <Input
                id="share-link"
                readOnly
                value={link}
                fieldSize="sm"
                className="font-mono"
                dir="ltr"
              />
              <Button
                variant="secondary"
                onClick={() => void linkCopy.copy(link)}
                aria-label={t`Copy link`}
              >
                {linkCopy.copied ? <Check aria-hidden="true" /> : <Link2 aria-hidden="true" />}
                <span className="hidden sm:inline">
                  <Trans>Copy Link</Trans>
                </span>
              </Button>
            </div>
          </div>
          {children}
          <div>
            <h3 className="text-sm font-semibold text-slate-900">
              <Trans>How to access</Trans>
            </h3>
            <ol className="mt-2 flex list-decimal flex-col gap-1.5 ps-5 text-sm text-slate-700">
              {instructions.map((step, index) => (
                <li key={index}>{step}</li>
              ))}
            </ol>
          </div>
        </div>
        <QrCode link={link} />
      </div>

      <div className="flex flex-col gap-3 border-t border-slate-200 bg-slate-50 p-6 sm:flex-row sm:justify-between">
        <Button onClick={onReset} className="w-full sm:w-auto">
          <RotateCcw aria-hidden="true" />
          {resetLabel}
        </Button>
        {deleteToken !== undefined && (
          <DeleteShareButton
            code={code}
            deleteToken={deleteToken}
            kind={kind}
            onDeleted={() => {
              onDeleted?.();
              onReset();
            }}
          />
        )}
      </div>
    </Card>
  );
}

function ExpiryLine({ expiresAt }: { expiresAt: string }) {
  const now = useNow();
  const locale = useLocale();
  const left = new Date(expiresAt).getTime() - now;
  const date = formatDateTime(expiresAt, locale);
  const remaining = formatRemaining(left, locale);
  return (
    <p className="text-sm text-brand-100">
      {left > 0 ? (
        <Trans>
          Expires <time dateTime={expiresAt}>{date}</time> (in {remaining})
        </Trans>
      ) : (
        <Trans>
          Expires <time dateTime={expiresAt}>{date}</time>
        </Trans>
      )}
    </p>
  );
}

function QrCode({ link }: { link: string }) {
  const [image, setImage] = useState<{ link: string; url: string } | null>(null);
  const { t } = useLingui();
  // Loaded with the first result, not with the tool's page. Without it (a failed load) the
  // card still has the code and the link.
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then(({ default: QRCode }) =>
        QRCode.toDataURL(link, { errorCorrectionLevel: 'M', margin: 1, width: 352 }),
      )
      .then(
        (url) => current && setImage({ link, url }),
        (error: unknown) => console.error('Could not draw the QR code', error),
      );
    return () => {
      current = false;
    };
  }, [link]);

  return (
    <figure className="flex flex-col items-center gap-2 self-start justify-self-center">
      <div className="size-44 rounded-xl border border-slate-200 bg-white p-2">
        {image?.link === link && (
          <img src={image.url} alt={t`QR code for ${link}`} className="size-full" />
        )}
      </div>
      <figcaption className="text-center text-xs text-slate-600">
        <Trans>Scan to open on another device</Trans>
      </figcaption>
    </figure>
  );
}
