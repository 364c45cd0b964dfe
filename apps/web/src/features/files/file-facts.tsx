import { Archive, Code2, FileText, Image, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent } from '../../components/card';
import { useConfig } from '../../lib/config-context';
import { formatBytesCompact } from '@codedrop/contract';
import { formatDuration } from '../../lib/format-date';
import { IconTile } from '../../components/icon-tile';

/** The limits a sharer should know before uploading. */
export function UploadLimits() {
  const { maxFileBytes, downloadLimit, expiryChoicesSeconds } = useConfig();
  const longest = Math.max(...expiryChoicesSeconds);
  return (
    <ul className="grid gap-2 text-sm text-slate-700 sm:grid-cols-3">
      <li className="rounded-lg bg-slate-50 px-3 py-2">
        {/* MAX_FILE_BYTES bounds all of a share's files together. */}
        <span className="block text-xs text-slate-600">Max total size</span>
        <span className="font-semibold text-slate-900">{formatBytesCompact(maxFileBytes)}</span>
      </li>
      <li className="rounded-lg bg-slate-50 px-3 py-2">
        <span className="block text-xs text-slate-600">Download limit</span>
        <span className="font-semibold text-slate-900">
          {downloadLimit.min}–{downloadLimit.max} downloads
        </span>
      </li>
      <li className="rounded-lg bg-slate-50 px-3 py-2">
        <span className="block text-xs text-slate-600">Kept for at most</span>
        <span className="font-semibold text-slate-900">{formatDuration(longest)}</span>
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
        <p className="font-semibold">Smart data management</p>
        <p>
          Your file is deleted automatically as soon as its download limit is reached or the share
          expires, whichever comes first. Nothing is kept longer than it is needed.
        </p>
      </div>
    </div>
  );
}

const types = [
  { icon: FileText, title: 'Documents', examples: 'PDF, DOCX, XLSX, PPTX, TXT' },
  { icon: Image, title: 'Images', examples: 'PNG, JPG, GIF, SVG, WebP' },
  { icon: Archive, title: 'Archives', examples: 'ZIP, RAR, 7Z, TAR, GZ' },
  { icon: Code2, title: 'Code and data', examples: 'JSON, CSV, XML, source files' },
];

/** docs/product.md#file-share: supported types listed; any type is accepted. */
export function SupportedTypes() {
  return (
    <Card>
      <CardContent className="flex flex-col gap-4">
        <div>
          <h2 className="font-semibold text-slate-900">Supported file types</h2>
          <p className="text-sm text-slate-600">Any file type is accepted, for example:</p>
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

const pageLinks = [
  { to: '/how-it-works', label: 'How it works' },
  { to: '/faq', label: 'FAQ' },
  { to: '/about', label: 'About CodeDrop' },
  { to: '/privacy-policy', label: 'Privacy policy' },
  { to: '/clipboard', label: 'Share text with the clipboard' },
  { to: '/notepad', label: 'Write a note' },
  { to: '/how-to-share-text-anonymously', label: 'How to share text anonymously' },
];

/** docs/product.md#file-share: the file share page's links. */
export function FileShareLinks() {
  return (
    <nav aria-label="Learn more" className="text-center text-sm text-slate-600">
      <p className="mb-2 font-medium text-slate-900">Learn more</p>
      <ul className="flex flex-wrap justify-center gap-x-4 gap-y-2">
        {pageLinks.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="font-medium text-brand-700 hover:underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
