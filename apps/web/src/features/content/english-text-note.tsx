import { sourceLocale } from '@codedrop/contract';
import { Trans } from '@lingui/react/macro';
import { Languages } from 'lucide-react';

/**
 * Above a text shown in English to a reader of another language: the legal pages and the
 * blog are written in English only, and for the legal pages that text is the one that counts.
 */
export function EnglishTextNote({ locale, legal = false }: { locale: string; legal?: boolean }) {
  if (locale === sourceLocale) return null;
  return (
    <p className="mb-6 flex items-start gap-2 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">
      <Languages className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {legal ? (
        <Trans>
          This page is available in English only. The English text is the one that applies.
        </Trans>
      ) : (
        <Trans>This page is available in English only.</Trans>
      )}
    </p>
  );
}
