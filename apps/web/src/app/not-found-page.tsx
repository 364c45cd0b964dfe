import { ArrowRight, Home } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../components/button';
import { Card, CardDescription, CardHeader, CardTitle } from '../components/card';
import { Container } from '../components/container';
import { useConfig } from '../lib/config-context';
import { tools } from '../lib/tools';

const notFoundDescription =
  'This page does not exist. Share text, notes and files anonymously with a short code on CodeDrop.';

const help = [
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/faq', label: 'FAQ' },
  { to: '/about', label: 'About' },
];

/**
 * docs/product.md#page-not-found: any other path. The server answers these with status 404
 * too (docs/content.md#how-the-server-answers-pages).
 */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const config = useConfig();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <Container width="md" className="flex flex-col items-center gap-10 text-center">
      <title>Page Not Found — CodeDrop</title>
      <meta name="description" content={notFoundDescription} />
      <meta name="robots" content="noindex" />
      <div className="flex flex-col items-center gap-4">
        <p className="text-7xl font-extrabold tracking-tight text-brand-600" aria-hidden="true">
          404
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Page Not Found</h1>
        <p className="max-w-md text-slate-600">
          The page <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm">{pathname}</code>{' '}
          does not exist. It may have been moved, or the address may be mistyped.
        </p>
        <Link to="/" className={buttonClasses({ size: 'lg' })}>
          <Home aria-hidden="true" />
          Go to Home
        </Link>
      </div>

      <section className="w-full">
        <h2 className="mb-4 text-lg font-semibold text-slate-900">Or start sharing</h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {tools.map(({ to, icon: Icon, pageTitle, teaser }) => (
            <li key={to}>
              <Link
                to={to}
                className="group block h-full rounded-2xl focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
              >
                <Card className="h-full text-left transition-shadow group-hover:shadow-md">
                  <CardHeader closed>
                    <Icon className="mb-1 size-6 text-brand-700" aria-hidden="true" />
                    <CardTitle as="h3" small className="flex items-center gap-1">
                      {pageTitle}
                      <ArrowRight
                        className="size-4 opacity-0 transition-opacity group-hover:opacity-100"
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

      <nav aria-label="Help" className="text-sm text-slate-600">
        Need help?{' '}
        {help.map((link, index) => (
          <span key={link.to}>
            {index > 0 && ' · '}
            <Link to={link.to} className="font-medium text-brand-700 hover:underline">
              {link.label}
            </Link>
          </span>
        ))}
      </nav>
    </Container>
  );
}
