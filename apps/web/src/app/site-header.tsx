import { splitLocalePath } from '@codedrop/contract';
import { useLingui } from '@lingui/react/macro';
import { Menu, X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../components/button';
import { Container } from '../components/container';
import { cn } from '../lib/cn';
import { siteLocales } from '../lib/i18n/site-locales';
import { useLocalizedPath } from '../lib/i18n/use-localized-path';
import { useInteractive } from '../lib/interactive';
import { LanguagePicker } from './language-picker';
import { Logo } from './logo';
import { mainNav } from './site-links';

const linkBase =
  'flex items-center gap-1.5 rounded-lg font-medium transition-colors focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none [&_svg]:size-4';

/**
 * Whether a header link is the current page. A share (`/{code}`) is the home page's viewer,
 * and is served the home page's markup: Home stays current there, so the adopted markup and
 * the page agree.
 */
function isCurrent(to: string, address: string): boolean {
  const { path: pathname } = splitLocalePath(address, siteLocales);
  if (to === '/') return pathname === '/' || /^\/\d+$/.test(pathname);
  return pathname === to || pathname.startsWith(`${to}/`);
}

export function SiteHeader() {
  const { pathname } = useLocation();
  const { i18n, t } = useLingui();
  const localized = useLocalizedPath();
  const links = mainNav(i18n);
  // The menu belongs to the page it was opened on, so any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const close = () => setOpenOn(null);
  const interactive = useInteractive();
  const onMenuKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      {/* Nine links in a longer language do not fit one row at every width: they wrap to a
          second row rather than run off the page. */}
      <Container className="flex min-h-16 items-center justify-between gap-4 py-2 md:px-4 lg:px-6 xl:max-w-7xl">
        <Logo />
        <nav aria-label={t`Main`} className="hidden min-w-0 md:block">
          <ul className="flex flex-wrap items-center justify-end gap-y-0.5 lg:gap-x-1">
            {links.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <Link
                  to={localized(to)}
                  aria-current={isCurrent(to, pathname) ? 'page' : undefined}
                  className={cn(
                    linkBase,
                    'px-1.5 py-2 text-[13px] whitespace-nowrap lg:px-3 lg:text-sm',
                    isCurrent(to, pathname)
                      ? 'bg-brand-50 text-brand-700'
                      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                  )}
                >
                  {/* Below the extra-large breakpoint the words alone fit the row. */}
                  {Icon && <Icon aria-hidden="true" className="hidden xl:block" />}
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label={t`Menu`}
          aria-expanded={open}
          aria-controls="mobile-menu"
          // Prerendered, it does nothing until the script has adopted it (lib/interactive.ts).
          disabled={!interactive}
          data-starting={interactive ? undefined : ''}
          onClick={() => (open ? close() : setOpenOn(pathname))}
        >
          {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </Button>
      </Container>
      {open && (
        <nav
          id="mobile-menu"
          aria-label={t`Mobile`}
          className="border-t border-slate-200 bg-white md:hidden"
          onKeyDown={onMenuKeyDown}
        >
          <Container>
            <ul className="flex flex-col gap-1 py-3">
              {links.map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <Link
                    to={localized(to)}
                    onClick={close}
                    aria-current={isCurrent(to, pathname) ? 'page' : undefined}
                    className={cn(
                      linkBase,
                      'px-3 py-2.5 text-base',
                      isCurrent(to, pathname)
                        ? 'bg-brand-50 text-brand-700'
                        : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                    )}
                  >
                    {Icon && <Icon aria-hidden="true" />}
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
            <LanguagePicker className="border-t border-slate-200 px-3 py-3" />
          </Container>
        </nav>
      )}
    </header>
  );
}
