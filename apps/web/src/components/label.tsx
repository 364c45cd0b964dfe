import * as LabelPrimitive from '@radix-ui/react-label';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

interface LabelProps extends ComponentProps<typeof LabelPrimitive.Root> {
  /** Regular weight: a choice's label in a list of choices rather than a field's name. */
  plain?: boolean;
}

export function Label({ plain, className, ...props }: LabelProps) {
  return (
    <LabelPrimitive.Root
      className={cn(
        'text-sm text-slate-800 select-none',
        plain ? 'font-normal' : 'font-medium',
        className,
      )}
      {...props}
    />
  );
}
