import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';
import { fieldClasses } from './input';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(fieldClasses, 'min-h-40 px-3 py-2.5 text-base leading-relaxed', className)}
      {...props}
    />
  );
}
