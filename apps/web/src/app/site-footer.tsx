import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { Container } from '../components/container';
import { AdConsentControl } from '../features/ads/ad-consent-control';
import { useLocalizedPath } from '../lib/i18n/use-localized-path';
import { LanguagePicker } from './language-picker';
import { Logo } from './logo';
import { footerColumns } from './site-links';

export function SiteFooter() {
  const { i18n } = useLingui();
  const localized = useLocalizedPath();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <Container className="grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-3">
          <Logo />
          <p className="max-w-xs text-sm text-slate-600">
            <Trans>Anonymous sharing made simple. No registration required.</Trans>
          </p>
        </div>
        {footerColumns(i18n).map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold text-slate-900">{column.title}</h2>
            <ul className="mt-3 flex flex-col gap-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={localized(link.to)}
                    className="text-sm text-slate-600 hover:text-brand-700 hover:underline"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </Container>
      <div className="border-t border-slate-200">
        <Container className="flex flex-wrap items-center justify-between gap-3 py-6 text-sm text-slate-600">
          <span>
            <Trans>© 2024 CodeDrop. All rights reserved.</Trans>
          </span>
          <div className="flex flex-wrap items-center gap-4">
            <LanguagePicker />
            <AdConsentControl />
          </div>
        </Container>
      </div>
    </footer>
  );
}
