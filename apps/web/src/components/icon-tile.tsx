import type { LucideIcon } from 'lucide-react';
import { cn } from '../lib/cn';

const tones = {
  brand: 'bg-brand-100 text-brand-700',
  soft: 'bg-brand-50 text-brand-700',
  safe: 'bg-emerald-50 text-emerald-700',
  info: 'bg-sky-100 text-sky-800',
  raised: 'bg-white text-brand-700 shadow-sm',
} as const;

/** Tile edge and icon size together, so every tile keeps the icon's proportion. */
const sizes = {
  sm: ['size-9 rounded-lg', 'size-4'],
  md: ['size-10 rounded-xl', 'size-5'],
  lg: ['size-11 rounded-xl', 'size-5'],
  xl: ['size-12 rounded-xl', 'size-6'],
  /** Beside a page's or a dialog's heading. */
  heading: ['size-12 rounded-2xl', 'size-6'],
  '2xl': ['size-14 rounded-2xl', 'size-7'],
} as const;

export interface IconTileProps {
  icon: LucideIcon;
  tone?: keyof typeof tones;
  size?: keyof typeof sizes;
  /** Left out on a phone, where the row needs the width (shown from `sm` up). */
  hideOnPhone?: boolean;
  className?: string;
}

/** A decorative icon on a tinted square: the one look of every card's and header's icon. */
export function IconTile({
  icon: Icon,
  tone = 'brand',
  size = 'md',
  hideOnPhone = false,
  className,
}: IconTileProps) {
  const [box, glyph] = sizes[size];
  return (
    <span
      className={cn(
        hideOnPhone ? 'hidden sm:flex' : 'flex',
        'shrink-0 items-center justify-center',
        box,
        tones[tone],
        className,
      )}
    >
      <Icon className={glyph} aria-hidden="true" />
    </span>
  );
}
