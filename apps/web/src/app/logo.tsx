import { Link } from 'react-router';
import { useLocalizedPath } from '../lib/i18n/use-localized-path';

/** The logo mark and product name, linking home. */
export function Logo() {
  const localized = useLocalizedPath();
  return (
    <Link
      to={localized('/')}
      className="flex items-center gap-2 rounded-lg text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
    >
      <LogoMark />
      <span className="text-lg font-bold tracking-tight">CodeDrop</span>
    </Link>
  );
}

function LogoMark() {
  return (
    <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path
        d="M16 7c-3.5 4.2-6 7.6-6 10.6a6 6 0 0 0 12 0C22 14.6 19.5 11.2 16 7Z"
        className="fill-white"
      />
      <path
        d="M13.6 17.2h4.8M13.6 20h4.8"
        className="stroke-brand-600"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </svg>
  );
}
