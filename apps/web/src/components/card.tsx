import type { ComponentProps, ElementType } from 'react';
import { cn } from '../lib/cn';

// The parts take a look by name (props) rather than classes that override their own: `cn`
// only joins class names (lib/cn.ts).
const cardLooks = {
  plain: 'border-slate-200 bg-white shadow-sm',
  /** Lifted off the page: the one card a page is about. */
  raised: 'border-slate-200 bg-white shadow-lg shadow-brand-900/5',
  /** A note beside the main card. */
  info: 'border-sky-200 bg-sky-50/60 shadow-sm',
} as const;

interface CardProps extends ComponentProps<'div'> {
  look?: keyof typeof cardLooks;
}

export function Card({ look = 'plain', className, ...props }: CardProps) {
  return <div className={cn('rounded-2xl border', cardLooks[look], className)} {...props} />;
}

interface CardHeaderProps extends ComponentProps<'div'> {
  /** The parts in a wrapping row (a title with badges) instead of a column. */
  row?: boolean;
  /** More space between the parts, for a header of several blocks. */
  roomy?: boolean;
  /** The header keeps its own bottom padding (by default the content below it gives the space). */
  closed?: boolean;
}

export function CardHeader({ row, roomy, closed, className, ...props }: CardHeaderProps) {
  return (
    <div
      className={cn(
        'flex p-6',
        row ? 'flex-row flex-wrap items-center gap-2' : ['flex-col', roomy ? 'gap-5' : 'gap-1.5'],
        !closed && 'pb-0',
        className,
      )}
      {...props}
    />
  );
}

interface CardTitleProps extends ComponentProps<'h2'> {
  /** The heading level that fits the page outline; h2 by default. */
  as?: ElementType;
  /** The body's text size, for the title of a small card in a grid. */
  small?: boolean;
}

export function CardTitle({ as: Heading = 'h2', small, className, ...props }: CardTitleProps) {
  return (
    <Heading
      className={cn(
        small ? 'text-base' : 'text-lg leading-tight',
        'font-semibold text-slate-900',
        className,
      )}
      {...props}
    />
  );
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-slate-600', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('p-6', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex items-center gap-3 p-6 pt-0', className)} {...props} />;
}
