import { Slot } from '@radix-ui/react-slot';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

// Each variant is a whole look (weight, colours, border), so a caller never overrides one of
// its classes with its own: `cn` only joins (lib/cn.ts).
const variants = {
  primary: 'font-medium bg-brand-600 text-white shadow-sm hover:bg-brand-700',
  secondary:
    'font-medium border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50',
  /** The secondary look with red text: an action that destroys something, offered calmly. */
  'secondary-danger':
    'font-medium border border-slate-300 bg-white text-red-700 shadow-sm hover:bg-slate-50',
  /** The secondary look without its grey edge, for a white button on a coloured panel. */
  'secondary-on-color':
    'font-medium border border-transparent bg-white text-slate-800 shadow-sm hover:bg-slate-50',
  ghost: 'font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  /** A ghost button that stays in the background: a secondary action beside content. */
  'ghost-quiet': 'font-normal text-slate-500 hover:bg-slate-100 hover:text-slate-900',
  destructive: 'font-medium bg-red-600 text-white shadow-sm hover:bg-red-700',
  link: 'font-medium h-auto px-0 text-brand-700 underline-offset-4 hover:underline',
  /** A link in running text (an alert's): the text's own colour, always underlined. */
  'inline-link': 'font-medium h-auto px-0 text-current underline underline-offset-4',
} as const;

/** Height and padding, and the text size; link variants take only the text size. */
const sizes = {
  sm: ['h-9 px-3', 'text-sm'],
  md: ['h-10 px-4', 'text-sm'],
  /** The height of an Input, for a button beside a field. */
  field: ['h-11 px-4', 'text-sm'],
  /** A form's main action: its words may wrap (a longer language's) instead of overflowing. */
  lg: ['min-h-12 px-6 py-2 text-center', 'text-base'],
  icon: ['size-10', ''],
} as const;

const linkVariants: ReadonlySet<ButtonVariant> = new Set(['link', 'inline-link']);

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

/** The classes of a button, for links that must look like one. */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  fillOnPhone = false,
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fillOnPhone?: boolean;
  className?: string;
} = {}): string {
  const [box, text] = sizes[size];
  return cn(
    'inline-flex cursor-pointer items-center justify-center gap-2 rounded-lg transition-colors',
    size !== 'lg' && 'whitespace-nowrap',
    fillOnPhone ? 'flex-1 sm:flex-none' : 'shrink-0',
    'focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none',
    'disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
    !linkVariants.has(variant) && box,
    text,
    variants[variant],
    className,
  );
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** In a row of buttons: share the row's width on a phone, natural width from `sm` up. */
  fillOnPhone?: boolean;
  /** Renders the single child (e.g. a router Link) with the button's look. */
  asChild?: boolean;
}

export function Button({
  variant,
  size,
  fillOnPhone,
  asChild = false,
  className,
  type = 'button',
  ...props
}: ButtonProps) {
  const classes = buttonClasses({ variant, size, fillOnPhone, className });
  if (asChild) return <Slot className={classes} {...props} />;
  return <button type={type} className={classes} {...props} />;
}
