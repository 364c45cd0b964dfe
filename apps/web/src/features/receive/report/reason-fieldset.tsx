import { reportReasons, type ReportReason } from '@codedrop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Ref } from 'react';
import { FieldError } from '../../../components/field-error';
import { Label } from '../../../components/label';

export interface ReasonFieldsetProps {
  /** Prefix of the ids, unique on the page. */
  id: string;
  value: ReportReason | null;
  onChange: (reason: ReportReason) => void;
  error?: string;
  disabled: boolean;
  /** The first choice, focused when the form opens or a reason is missing. */
  firstRef: Ref<HTMLInputElement>;
}

/** The required reason: native radios in a fieldset, so arrow keys and the legend work as usual. */
export function ReasonFieldset({
  id,
  value,
  onChange,
  error,
  disabled,
  firstRef,
}: ReasonFieldsetProps) {
  const { t } = useLingui();
  const errorId = `${id}-error`;
  // The contract's reportReasonLabels, which the console shows in English.
  const labels: Record<ReportReason, string> = {
    illegal: t`Illegal content`,
    malware: t`Malware or phishing`,
    copyright: t`Copyright`,
    spam: t`Spam`,
    other: t`Other`,
  };
  return (
    <fieldset
      disabled={disabled}
      aria-describedby={error ? errorId : undefined}
      className="flex flex-col gap-2"
    >
      <legend className="mb-2 text-sm font-medium text-slate-800">
        <Trans>Reason</Trans>
      </legend>
      {reportReasons.map((reason, index) => (
        <div key={reason} className="flex items-center gap-2">
          <input
            id={`${id}-${reason}`}
            ref={index === 0 ? firstRef : undefined}
            type="radio"
            name={`${id}-reason`}
            value={reason}
            checked={value === reason}
            onChange={() => onChange(reason)}
            required
            aria-invalid={error ? true : undefined}
            className="size-4 accent-brand-600"
          />
          <Label htmlFor={`${id}-${reason}`} plain>
            {labels[reason]}
          </Label>
        </div>
      ))}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
