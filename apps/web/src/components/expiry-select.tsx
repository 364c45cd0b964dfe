import { useConfig } from '../lib/config-context';
import { formatDuration } from '../lib/format-date';
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
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Expires after</Label>
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
              {formatDuration(seconds)}
            </option>
          ))}
      </Select>
    </div>
  );
}
