import { Trans } from '@lingui/react/macro';
import { useConfig } from '../lib/config-context';
import { formatDuration } from '../lib/format-date';
import { useLocale } from '../lib/i18n/locale-context';
import { Label } from './label';
import { Select } from './select';

export interface ExpirySelectProps {
  id: string;
  value: number;
  onChange: (seconds: number) => void;
  disabled?: boolean;
}

/** The server's expiry choices (docs/design.md#content-rules), shortest first. */
export function ExpirySelect({ id, value, onChange, disabled }: ExpirySelectProps) {
  const { expiryChoicesSeconds } = useConfig();
  const locale = useLocale();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>
        <Trans>Expires after</Trans>
      </Label>
      <Select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {[...expiryChoicesSeconds]
          .sort((a, b) => a - b)
          .map((seconds) => (
            <option key={seconds} value={seconds}>
              {formatDuration(seconds, locale)}
            </option>
          ))}
      </Select>
    </div>
  );
}
