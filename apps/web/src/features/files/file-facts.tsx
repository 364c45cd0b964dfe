import { Trans, useLingui } from '@lingui/react/macro';
import { Archive, Code2, FileText, Image, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent } from '../../components/card';
import { IconTile } from '../../components/icon-tile';
import { useConfig } from '../../lib/config-context';
import { formatDuration } from '../../lib/format-date';
import { formatBytesCompactIn, formatCountIn } from '../../lib/i18n/format-numbers';
import { useLocalizedPath } from '../../lib/i18n/use-localized-path';

/** The limits a sharer should know before uploading. */
export function UploadLimits() {
  const { maxFileBytes, downloadLimit, expiryChoicesSeconds } = useConfig();
  const { i18n } = useLingui();
  const longest = Math.max(...expiryChoicesSeconds);
  const min = formatCountIn(i18n.locale, downloadLimit.min);
  const max = formatCountIn(i18n.locale, downloadLimit.max);
  return (
    <ul className="grid gap-2 text-sm text-slate-700 sm:grid-cols-3">
      <li className="rounded-lg bg-slate-50 px-3 py-2">
        {/* MAX_FILE_BYTES bounds all of a share's files together. */}
        <span className="block text-xs text-slate-600">
          <Trans>Max total size</Trans>
        </span>
        <span className="font-semibold text-slate-900">
          {formatBytesCompactIn(i18n.locale, maxFileBytes)}
        </span>
      </li>
      <li className="rounded-lg bg-slate-50 px-3 py-2">
        <span className="block text-xs text-slate-600">
          <Trans>Download limit</Trans>
        </span>
        <span className="font-semibold text-slate-900">
          <Trans>
            {min}–{max} downloads
          </Trans>
        </span>
      </li>
      <li className="rounded-lg bg-slate-50 px-3 py-2">
        <span className="block text-xs text-slate-600">
          <Trans>Kept for at most</Trans>
        </span>
        <span className="font-semibold text-slate-900">{formatDuration(longest, i18n.locale)}</span>
      </li>
    </ul>
  );
}

/** docs/product.md#file-share: the smart data management info box. */
export function SmartDataInfo() {
  return (
    <div className="flex gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950">
      <ShieldCheck className="mt-0.5 size-5 shrink-0 text-sky-800" aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p className="font-semibold">
          <Trans>Smart data management</Trans>
        </p>
        <p>
          <Trans>
            Your file is deleted automatically as soon as its download limit is reached or the share
            expires, whichever comes first. Nothing is kept longer than it is needed.
          </Trans>
        </p>
      </div>
    </div>
  );
}

/** docs/product.md#file-share: supported types listed; any type is accepted. */
export function SupportedTypes() {
  const { t } = useLingui();
  const types = [
    { icon: FileText, title: t`Documents`, examples: 'PDF, DOCX, XLSX, PPTX, TXT' },
    { icon: Image, title: t`Images`, examples: 'PNG, JPG, GIF, SVG, WebP' },
    { icon: Archive, title: t`Archives`, examples: 'ZIP, RAR, 7Z, TAR, GZ' },
    { icon: Code2, title: t`Code and data`, examples: t`JSON, CSV, XML, source files` },
  ];
  return (
    <Card>
      <CardContent className="flex flex-col gap-4">
        <div>
          <h2 className="font-semibold text-slate-900">
            <Trans>Supported file types</Trans>
          </h2>
          <p className="text-sm text-slate-600">
            <Trans>Any file type is accepted, for example:</Trans>
          </p>
        </div>
        <ul className="grid gap-3 sm:grid-cols-2">
          {types.map(({ icon: Icon, title, examples }) => (
            <li key={title} className="flex items-start gap-3">
              <IconTile icon={Icon} tone="soft" size="sm" />
              <span className="text-sm">
                <span className="block font-medium text-slate-900">{title}</span>
                <span className="text-slate-600">{examples}</span>
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** docs/product.md#file-share: the file share page's links. */
export function FileShareLinks() {
  const { t } = useLingui();
  const localized = useLocalizedPath();
  const pageLinks = [
    { to: '/how-it-works', label: t`How it works` },
    { to: '/faq', label: t`FAQ` },
    { to: '/about', label: t`About CodeDrop` },
    { to: '/privacy-policy', label: t`Privacy policy` },
    { to: '/clipboard', label: t`Share text with the clipboard` },
    { to: '/notepad', label: t`Write a note` },
    { to: '/how-to-share-text-anonymously', label: t`How to share text anonymously` },
  ];
  return (
    <nav aria-label={t`Learn more`} className="text-center text-sm text-slate-600">
      <p className="mb-2 font-medium text-slate-900">
        <Trans>Learn more</Trans>
      </p>
      <ul className="flex flex-wrap justify-center gap-x-4 gap-y-2">
        {pageLinks.map((link) => (
          <li key={link.to}>
            <Link to={localized(link.to)} className="font-medium text-brand-700 hover:underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
