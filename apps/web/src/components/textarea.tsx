import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';
import { fieldClasses } from './input';

interface TextareaProps extends ComponentProps<'textarea'> {
  /** Smaller text: monospaced content, or a short message. */
  fieldSize?: 'md' | 'sm';
  /** A lower minimum height (6rem instead of 10rem), for an optional message. */
  short?: boolean;
  /** A grey surface: text shown to be read and copied rather than typed. */
  muted?: boolean;
}

export function Textarea({
  fieldSize = 'md',
  short = false,
  muted = false,
  className,
  ...props
}: TextareaProps) {
  return (
    <textarea
      // What is typed or shown follows its own direction, whatever the page's.
      dir="auto"
      className={cn(
        fieldClasses,
        muted ? 'bg-slate-50' : 'bg-white',
        short ? 'min-h-24' : 'min-h-40',
        'px-3 py-2.5',
        fieldSize === 'sm' ? 'text-sm' : 'text-base leading-relaxed',
        className,
      )}
      {...props}
    />
  );
}
