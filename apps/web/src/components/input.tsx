import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

export const fieldClasses =
  'w-full rounded-lg border border-slate-300 bg-white text-slate-900 shadow-xs transition-colors placeholder:text-slate-500 focus-visible:border-brand-500 focus-visible:ring-3 focus-visible:ring-brand-500/25 focus-visible:outline-none disabled:cursor-not-allowed disabled:bg-slate-100 aria-invalid:border-red-500 aria-invalid:ring-red-500/20';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(fieldClasses, 'h-11 px-3 text-base', className)} {...props} />;
}
