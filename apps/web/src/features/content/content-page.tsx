import type { ReactNode } from 'react';
import { Container } from '../../components/container';
import { TableOfContents, type TocItem } from './table-of-contents';

export interface ContentPageProps {
  heading: string;
  lead: string;
  /** A line above the heading (a breadcrumb, a category). */
  eyebrow?: ReactNode;
  /** A line under the lead (dates, reading time). */
  meta?: ReactNode;
  toc?: TocItem[];
  children: ReactNode;
  /** Full-width blocks after the body: calls to action, ad slots. */
  after?: ReactNode;
}

/** The frame of an informational page: one h1, its lead, the body and an optional contents list. */
export function ContentPage({
  heading,
  lead,
  eyebrow,
  meta,
  toc,
  children,
  after,
}: ContentPageProps) {
  const hasToc = toc !== undefined && toc.length >= 3;
  return (
    <div className="flex flex-col gap-12">
      <Container width="md" className="flex flex-col items-center gap-4 text-center">
        {eyebrow}
        <h1 className="text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">
          {heading}
        </h1>
        <p className="max-w-2xl text-lg text-pretty text-slate-600">{lead}</p>
        {meta}
      </Container>
      <Container
        className={
          hasToc ? 'grid gap-10 lg:grid-cols-[minmax(0,1fr)_15rem] lg:items-start' : 'max-w-4xl'
        }
      >
        <div className="min-w-0 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
          {children}
        </div>
        {hasToc && <TableOfContents items={toc} />}
      </Container>
      {after}
    </div>
  );
}
