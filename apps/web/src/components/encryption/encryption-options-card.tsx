import { generatePassword } from '@codedrop/crypto';
import { Trans, useLingui } from '@lingui/react/macro';
import { Copy, KeyRound, ShieldCheck } from 'lucide-react';
import { useId, useState, type Ref } from 'react';
import { toast } from 'sonner';
import { copyText } from '../../lib/copy-text';
import type { EncryptionOptions, EncryptionOptionsErrors } from '../../lib/encryption/options';
import { useCanEncrypt } from '../../lib/encryption/secure-context';
import { useMessages } from '../../lib/i18n/product-messages';
import { Alert } from '../alert';
import { Button } from '../button';
import { Input } from '../input';
import { Label } from '../label';
import { SwitchField } from '../switch';
import { PasswordField } from './password-field';
import { IconTile } from '../icon-tile';

export interface EncryptionOptionsCardProps {
  value: EncryptionOptions;
  onChange: (value: EncryptionOptions) => void;
  errors?: EncryptionOptionsErrors;
  /** While the share is being created. */
  disabled?: boolean;
  /** So the page can move focus to the first invalid field. */
  passwordRef?: Ref<HTMLInputElement>;
  recoveryEmailRef?: Ref<HTMLInputElement>;
}

/**
 * The encryption options of the create pages (docs/product.md#encryption-options): the
 * switch, the password with show/hide and a random generator, and the optional recovery
 * email with its disclosure. Without WebCrypto (plain http) the switch is off and says why.
 */
export function EncryptionOptionsCard({
  value,
  onChange,
  errors = {},
  disabled = false,
  passwordRef,
  recoveryEmailRef,
}: EncryptionOptionsCardProps) {
  const id = useId();
  const ids = {
    title: `${id}-title`,
    password: `${id}-password`,
    passwordHint: `${id}-password-hint`,
    passwordError: `${id}-password-error`,
    email: `${id}-email`,
    emailHint: `${id}-email-hint`,
    emailError: `${id}-email-error`,
  };
  const { t } = useLingui();
  const messages = useMessages();
  const secure = useCanEncrypt();
  const [visible, setVisible] = useState(false);
  const enabled = value.enabled && secure;
  const set = (patch: Partial<EncryptionOptions>) => onChange({ ...value, ...patch });

  const generate = () => {
    set({ password: generatePassword() });
    setVisible(true);
  };
  const copyPassword = async () => {
    if (await copyText(value.password)) toast.success(t`Password copied`);
    else {
      toast.error(t`Could not copy`, {
        description: t`Select the password and copy it manually.`,
      });
    }
  };

  return (
    <section
      aria-labelledby={ids.title}
      className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <div className="flex items-center gap-3">
        <IconTile icon={ShieldCheck} tone="safe" />
        <h2 id={ids.title} className="text-base font-semibold text-slate-900">
          <Trans>Password Protection</Trans>
        </h2>
      </div>
      <SwitchField
        label={t`Enable encryption`}
        description={t`Optional. Your content is encrypted in this browser with AES-256-GCM before it is sent, so we only ever store ciphertext.`}
        checked={enabled}
        onCheckedChange={(checked) => set({ enabled: checked })}
        disabled={disabled || !secure}
      />

      {!secure && <Alert variant="warning">{messages.insecureContext}</Alert>}

      {enabled && (
        <>
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.password}>
              <Trans>Password</Trans>
            </Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <div className="flex-1">
                <PasswordField
                  id={ids.password}
                  ref={passwordRef}
                  value={value.password}
                  onChange={(event) => set({ password: event.target.value })}
                  visible={visible}
                  onVisibleChange={setVisible}
                  disabled={disabled}
                  placeholder={t`Enter a password`}
                  aria-invalid={errors.password !== undefined}
                  aria-describedby={
                    errors.password === undefined
                      ? ids.passwordHint
                      : `${ids.passwordError} ${ids.passwordHint}`
                  }
                />
              </div>
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  size="field"
                  fillOnPhone
                  onClick={generate}
                  disabled={disabled}
                  aria-label={t`Generate random password`}
                >
                  <KeyRound aria-hidden="true" />
                  <Trans>Generate</Trans>
                </Button>
                {value.password !== '' && (
                  <Button
                    variant="secondary"
                    size="field"
                    fillOnPhone
                    onClick={() => void copyPassword()}
                    disabled={disabled}
                    aria-label={t`Copy password`}
                  >
                    <Copy aria-hidden="true" />
                    <Trans>Copy</Trans>
                  </Button>
                )}
              </div>
            </div>
            {errors.password !== undefined && (
              <p id={ids.passwordError} className="text-sm font-medium text-red-700">
                {errors.password}
              </p>
            )}
            <p id={ids.passwordHint} className="text-sm text-slate-600">
              <Trans>Send the password separately from the code. Recipients need both.</Trans>
            </p>
          </div>

          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.email}>
              <Trans>Recovery email (optional)</Trans>
            </Label>
            <Input
              id={ids.email}
              ref={recoveryEmailRef}
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder={t`you@example.com`}
              value={value.recoveryEmail}
              onChange={(event) => set({ recoveryEmail: event.target.value })}
              disabled={disabled}
              aria-invalid={errors.recoveryEmail !== undefined}
              aria-describedby={
                errors.recoveryEmail === undefined
                  ? ids.emailHint
                  : `${ids.emailError} ${ids.emailHint}`
              }
            />
            {errors.recoveryEmail !== undefined && (
              <p id={ids.emailError} className="text-sm font-medium text-red-700">
                {errors.recoveryEmail}
              </p>
            )}
            <p id={ids.emailHint} className="text-sm text-slate-600">
              {messages.recoveryDisclosure}
            </p>
          </div>
        </>
      )}
    </section>
  );
}
