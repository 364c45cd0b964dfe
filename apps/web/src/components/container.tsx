import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

const widths = { sm: 'max-w-2xl', md: 'max-w-4xl', lg: 'max-w-6xl' } as const;

export interface ContainerProps extends ComponentProps<'div'> {
  width?: keyof typeof widths;
}

/** Centres page content with the app's gutters. */
export function Container({ width = 'lg', className, ...props }: ContainerProps) {
  return <div className={cn('mx-auto w-full px-4 sm:px-6', widths[width], className)} {...props} />;
}
