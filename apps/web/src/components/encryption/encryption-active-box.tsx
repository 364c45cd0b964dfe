import { Trans, useLingui } from '@lingui/react/macro';
import { CheckCircle2, ShieldCheck } from 'lucide-react';
import { useId } from 'react';

export interface EncryptionActiveBoxProps {
  recoveryEmail?: string;
  /** How many files the share carries; the points speak of "files" for more than one. */
  fileCount?: number;
}

/** The "Encryption Active" box of the file success card (docs/product.md#file-share). */
export function EncryptionActiveBox({ recoveryEmail, fileCount = 1 }: EncryptionActiveBoxProps) {
  const titleId = useId();
  const { t } = useLingui();
  const points =
    fileCount > 1
      ? [
          t`File names encrypted with AES-256-GCM`,
          t`File types and sizes kept in encrypted metadata`,
          t`Password required to decrypt the file names and download the files`,
        ]
      : [
          t`Filename encrypted with AES-256-GCM`,
          t`File type and size kept in encrypted metadata`,
          t`Password required to decrypt the filename and download the file`,
        ];
  if (recoveryEmail !== undefined) points.push(t`Recovery email: ${recoveryEmail}`);
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950"
    >
      <h3 id={titleId} className="flex items-center gap-2 font-semibold">
        <ShieldCheck className="size-5 shrink-0" aria-hidden="true" />
        <Trans>Encryption Active</Trans>
      </h3>
      <ul className="flex flex-col gap-2">
        {points.map((point) => (
          <li key={point} className="flex items-start gap-2 leading-relaxed wrap-anywhere">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
            {point}
          </li>
        ))}
      </ul>
    </section>
  );
}
