import { useLingui } from '@lingui/react/macro';
import { Hash } from 'lucide-react';
import type { ProblemMessage } from '../lib/api/problem-words';
import { useConfig } from '../lib/config-context';
import type { SealProgress } from '../lib/encryption/progress';
import { limitWords } from '../lib/tools';
import { Alert } from './alert';
import { Button } from './button';
import {
  EncryptionOptionsCard,
  type EncryptionOptionsCardProps,
} from './encryption/encryption-options-card';
import { SealProgressView } from './encryption/seal-progress-view';
import { ExpirySelect } from './expiry-select';
import { Spinner } from './spinner';
import { SwitchField } from './switch';

export interface TextShareOptionsProps {
  /** Prefix for element ids, e.g. "clipboard" → "clipboard-expiry". */
  idPrefix: string;
  /** What is shared, for the burn description. */
  noun: 'text' | 'note';
  expiresInSeconds: number;
  onExpiryChange: (seconds: number) => void;
  burn: boolean;
  onBurnChange: (burn: boolean) => void;
  encryption: Omit<EncryptionOptionsCardProps, 'disabled'>;
  sealing: SealProgress | null;
  failure: ProblemMessage | null;
  busy: boolean;
}

/**
 * The lower half of the clipboard and notepad forms: expiry, burn after reading, the
 * encryption options, progress, the failure and "Generate 4-Digit Code" (as many digits as
 * this server's codes have).
 */
export function TextShareOptions(props: TextShareOptionsProps) {
  const { busy, failure, sealing } = props;
  const { t, i18n } = useLingui();
  const { codeTitle } = limitWords(useConfig(), i18n);
  return (
    <>
      <div className="grid gap-6 sm:grid-cols-2">
        <ExpirySelect
          id={`${props.idPrefix}-expiry`}
          value={props.expiresInSeconds}
          onChange={props.onExpiryChange}
          disabled={busy}
        />
        <SwitchField
          label={t`Burn after reading`}
          description={
            props.noun === 'note'
              ? t`Delete the note as soon as it has been viewed once.`
              : t`Delete the text as soon as it has been viewed once.`
          }
          checked={props.burn}
          onCheckedChange={props.onBurnChange}
          disabled={busy}
        />
      </div>

      <EncryptionOptionsCard {...props.encryption} disabled={busy} />

      {sealing && <SealProgressView progress={sealing} />}

      {failure && (
        <Alert variant="error" title={failure.title}>
          {failure.detail}
        </Alert>
      )}

      <Button type="submit" size="lg" disabled={busy}>
        {busy ? <Spinner /> : <Hash aria-hidden="true" />}
        {busy ? t`Generating...` : t`Generate ${codeTitle}`}
      </Button>
    </>
  );
}
