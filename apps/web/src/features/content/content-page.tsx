import type { ReactNode } from 'react';
import { Container } from '../../components/container';
import { PageHeader } from '../../components/page-header';

export interface ContentPageProps {
  title: string;
  lead: string;
  children?: ReactNode;
}

/** The frame of an informational page: its title, lead sentence and body. */
export function ContentPage({ title, lead, children }: ContentPageProps) {
  return (
    <Container width="md">
      <title>{`${title} — CodeDrop`}</title>
      <PageHeader title={title} description={lead} />
      {children !== undefined && (
        <div className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-700 shadow-sm sm:p-8">
          {children}
        </div>
      )}
    </Container>
  );
}
