import { AlertTriangle, CheckCircle2, Info, XCircle } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn';

const variants = {
  info: { box: 'border-sky-200 bg-sky-50 text-sky-900', icon: Info },
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-900', icon: CheckCircle2 },
  warning: { box: 'border-amber-200 bg-amber-50 text-amber-900', icon: AlertTriangle },
  error: { box: 'border-red-200 bg-red-50 text-red-900', icon: XCircle },
} as const;

export interface AlertProps extends Omit<ComponentProps<'div'>, 'title'> {
  variant?: keyof typeof variants;
  title?: ReactNode;
}

/** A message box. Errors are announced at once (role alert); the rest politely (role status). */
export function Alert({ variant = 'info', title, children, className, ...props }: AlertProps) {
  const { box, icon: Icon } = variants[variant];
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-xl border p-4 text-sm', box, className)}
      {...props}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="flex flex-col gap-1">
        {title !== undefined && <p className="font-semibold">{title}</p>}
        {children !== undefined && <div className="leading-relaxed">{children}</div>}
      </div>
    </div>
  );
}
