import * as ProgressPrimitive from '@radix-ui/react-progress';
import { cn } from '../lib/cn';

export interface ProgressProps {
  /** 0–100, or null while the total is unknown. */
  value: number | null;
  label: string;
  className?: string;
}

export function Progress({ value, label, className }: ProgressProps) {
  return (
    <ProgressPrimitive.Root
      value={value}
      max={100}
      aria-label={label}
      // Mirrored right to left, so the bar fills from the start of the line.
      className={cn(
        'relative h-2.5 w-full overflow-hidden rounded-full bg-slate-200 rtl:-scale-x-100',
        className,
      )}
    >
      <ProgressPrimitive.Indicator
        className={cn(
          'h-full w-full bg-brand-600 transition-transform duration-200',
          value === null && 'animate-pulse',
        )}
        style={{ transform: `translateX(-${100 - (value ?? 100)}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
