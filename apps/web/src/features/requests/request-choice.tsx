import { Label } from '../../components/label';

/** One of the kinds of content a request takes: a checkbox with its label. */
export function Choice({
  id,
  checked,
  onChange,
  disabled,
  label,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
  label: string;
}) {
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 cursor-pointer accent-brand-600 disabled:cursor-not-allowed"
      />
      <Label htmlFor={id} plain>
        {label}
      </Label>
    </div>
  );
}
