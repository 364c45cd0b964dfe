import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { IconTile } from './icon-tile';

export interface PageHeaderProps {
  icon?: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
}

/** The one h1 of a page, with an optional icon and lead sentence. */
export function PageHeader({ icon: Icon, title, description }: PageHeaderProps) {
  return (
    <header className="mb-8 flex flex-col items-center gap-3 text-center">
      {Icon && <IconTile icon={Icon} size="heading" />}
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      {description !== undefined && (
        <p className="max-w-2xl text-base text-slate-600 sm:text-lg">{description}</p>
      )}
    </header>
  );
}
