import { Trans, useLingui } from '@lingui/react/macro';
import { Input } from '../../components/input';
import { Label } from '../../components/label';
import { parseDownloadLimit } from '../../lib/download-limit';
import { formatCountIn } from '../../lib/i18n/format-numbers';

export interface DownloadLimitFieldProps {
  /** As typed; made a whole number within the limits when the field is left. */
  value: string;
  onChange: (value: string) => void;
  limits: { min: number; max: number };
  /** Several files: the hint speaks of them. */
  several: boolean;
  disabled?: boolean;
}

/** The file form's download limit, with the range it takes. */
export function DownloadLimitField({
  value,
  onChange,
  limits,
  several,
  disabled,
}: DownloadLimitFieldProps) {
  const { i18n } = useLingui();
  const { min, max } = limits;
  const least = formatCountIn(i18n.locale, min);
  const most = formatCountIn(i18n.locale, max);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor="download-limit">
        <Trans>Download limit</Trans>
      </Label>
      <Input
        id="download-limit"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => onChange(String(parseDownloadLimit(value, { min, max })))}
        aria-describedby="download-limit-hint"
      />
      <p id="download-limit-hint" className="text-sm text-slate-600">
        {several ? (
          <Trans>
            {least}–{most}. The files are deleted after the last download.
          </Trans>
        ) : (
          <Trans>
            {least}–{most}. The file is deleted after the last download.
          </Trans>
        )}
      </p>
    </div>
  );
}
