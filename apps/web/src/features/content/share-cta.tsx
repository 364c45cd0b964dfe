import { ClipboardList, FileText, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button';
import { Container } from '../../components/container';

/** The closing call to action of informational pages: the three tools. */
export function ShareCta() {
  return (
    <Container width="md">
      <section
        aria-labelledby="share-cta"
        className="flex flex-col items-center gap-5 rounded-2xl bg-brand-600 px-6 py-10 text-center text-white shadow-sm sm:px-10"
      >
        <h2 id="share-cta" className="text-2xl font-bold tracking-tight">
          Ready to share something?
        </h2>
        <p className="max-w-xl text-brand-50">
          No account needed. Pick a tool, get a code, and it is gone within 24 hours.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/clipboard" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
            <ClipboardList aria-hidden="true" />
            Share text
          </Link>
          <Link to="/notepad" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
            <FileText aria-hidden="true" />
            Write a note
          </Link>
          <Link to="/file-share" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
            <Upload aria-hidden="true" />
            Send a file
          </Link>
        </div>
      </section>
    </Container>
  );
}
