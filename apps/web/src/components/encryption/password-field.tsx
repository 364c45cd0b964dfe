import { useLingui } from '@lingui/react/macro';
import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { Input } from '../input';

export interface PasswordFieldProps extends Omit<ComponentProps<'input'>, 'type'> {
  id: string;
  /** Controlled visibility (a generated password is shown at once); internal otherwise. */
  visible?: boolean;
  onVisibleChange?: (visible: boolean) => void;
}

/** A password input with a show/hide toggle (docs/product.md#password-prompt). */
export function PasswordField({
  id,
  visible,
  onVisibleChange,
  className,
  disabled,
  ...props
}: PasswordFieldProps) {
  const { t } = useLingui();
  const [ownVisible, setOwnVisible] = useState(false);
  const shown = visible ?? ownVisible;
  const toggle = () => {
    setOwnVisible(!shown);
    onVisibleChange?.(!shown);
  };
  return (
    <div className="relative">
      <Input
        id={id}
        type={shown ? 'text' : 'password'}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        disabled={disabled}
        className={cn('pe-12 font-mono', className)}
        {...props}
      />
      <button
        type="button"
        onClick={toggle}
        disabled={disabled}
        aria-label={shown ? t`Hide password` : t`Show password`}
        aria-controls={id}
        className="absolute inset-y-0 end-0 flex w-11 cursor-pointer items-center justify-center rounded-e-lg text-slate-600 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50"
      >
        {shown ? (
          <EyeOff className="size-5" aria-hidden="true" />
        ) : (
          <Eye className="size-5" aria-hidden="true" />
        )}
      </button>
    </div>
  );
}
