import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button';
import { Container } from '../../components/container';
import { useLocalizedPath } from '../../lib/i18n/use-localized-path';
import { useTools } from '../../lib/tools';

/** The closing call to action of informational pages: the three tools. */
export function ShareCta() {
  const localized = useLocalizedPath();
  return (
    <Container width="md">
      <section
        aria-labelledby="share-cta"
        className="flex flex-col items-center gap-5 rounded-2xl bg-brand-600 px-6 py-10 text-center text-white shadow-sm sm:px-10"
      >
        <h2 id="share-cta" className="text-2xl font-bold tracking-tight">
          <Trans>Ready to share something?</Trans>
        </h2>
        <p className="max-w-xl text-brand-50">
          <Trans>No account needed. Pick a tool, get a code, and it is gone within 24 hours.</Trans>
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          {useTools().map(({ to, icon: Icon, action }) => (
            <Link
              key={to}
              to={localized(to)}
              className={buttonClasses({ variant: 'secondary', size: 'lg' })}
            >
              <Icon aria-hidden="true" />
              {action}
            </Link>
          ))}
        </div>
      </section>
    </Container>
  );
}
