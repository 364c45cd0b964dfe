import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

/**
 * The look inputs, text areas and selects share, less the surface colour and size each sets
 * (`cn` only joins class names, so no caller overrides one of these).
 */
export const fieldClasses =
  'w-full rounded-lg border border-slate-300 text-slate-900 shadow-xs transition-colors placeholder:text-slate-500 focus-visible:border-brand-500 focus-visible:ring-3 focus-visible:ring-brand-500/25 focus-visible:outline-none disabled:cursor-not-allowed disabled:bg-slate-100 aria-invalid:border-red-500 aria-invalid:ring-red-500/20';

const inputSizes = {
  md: 'h-11 px-3 text-base',
  /** Smaller text, for a long value such as a link. */
  sm: 'h-11 px-3 text-sm',
  /** The large field a share's code is typed into. */
  code: 'h-14 px-3 text-2xl',
} as const;

interface InputProps extends ComponentProps<'input'> {
  fieldSize?: keyof typeof inputSizes;
}

export function Input({ fieldSize = 'md', className, ...props }: InputProps) {
  return (
    <input className={cn(fieldClasses, 'bg-white', inputSizes[fieldSize], className)} {...props} />
  );
}
