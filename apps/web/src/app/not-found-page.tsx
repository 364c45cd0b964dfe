import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowRight, Home } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../components/button';
import { Card, CardDescription, CardHeader, CardTitle } from '../components/card';
import { Container } from '../components/container';
import { useConfig } from '../lib/config-context';
import { useLocalizedPath } from '../lib/i18n/use-localized-path';
import { useTools } from '../lib/tools';

/**
 * docs/product.md#page-not-found: any other path. The server answers these with status 404
 * too (docs/content.md#how-the-server-answers-pages).
 */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const config = useConfig();
  const { t } = useLingui();
  const localized = useLocalizedPath();
  const tools = useTools();
  const help = [
    { to: '/how-it-works', label: t`How It Works` },
    { to: '/faq', label: t`FAQ` },
    { to: '/about', label: t`About` },
  ];
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <Container width="md" className="flex flex-col items-center gap-10 text-center">
      <title>{t`Page Not Found — CodeDrop`}</title>
      <meta
        name="description"
        content={t`This page does not exist. Share text, notes and files anonymously with a short code on CodeDrop.`}
      />
      <meta name="robots" content="noindex" />
      <div className="flex flex-col items-center gap-4">
        <p className="text-7xl font-extrabold tracking-tight text-brand-600" aria-hidden="true">
          404
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">
          <Trans>Page Not Found</Trans>
        </h1>
        <p className="max-w-md text-slate-600">
          <Trans>
            The page{' '}
            <code dir="ltr" className="rounded bg-slate-100 px-1.5 py-0.5 text-sm">
              {pathname}
            </code>{' '}
            does not exist. It may have been moved, or the address may be mistyped.
          </Trans>
        </p>
        <Link to={localized('/')} className={buttonClasses({ size: 'lg' })}>
          <Home aria-hidden="true" />
          <Trans>Go to Home</Trans>
        </Link>
      </div>

      <section className="w-full">
        <h2 className="mb-4 text-lg font-semibold text-slate-900">
          <Trans>Or start sharing</Trans>
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {tools.map(({ to, icon: Icon, pageTitle, teaser }) => (
            <li key={to}>
              <Link
                to={localized(to)}
                className="group block h-full rounded-2xl focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
              >
                <Card className="h-full text-start transition-shadow group-hover:shadow-md">
                  <CardHeader closed>
                    <Icon className="mb-1 size-6 text-brand-700" aria-hidden="true" />
                    <CardTitle as="h3" small className="flex items-center gap-1">
                      {pageTitle}
                      <ArrowRight
                        className="size-4 opacity-0 transition-opacity group-hover:opacity-100 rtl:-scale-x-100"
                        aria-hidden="true"
                      />
                    </CardTitle>
                    <CardDescription>{teaser(config)}</CardDescription>
                  </CardHeader>
                </Card>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <nav aria-label={t`Help`} className="text-sm text-slate-600">
        <Trans>Need help?</Trans>{' '}
        {help.map((link, index) => (
          <span key={link.to}>
            {index > 0 && ' · '}
            <Link to={localized(link.to)} className="font-medium text-brand-700 hover:underline">
              {link.label}
            </Link>
          </span>
        ))}
      </nav>
    </Container>
  );
}
