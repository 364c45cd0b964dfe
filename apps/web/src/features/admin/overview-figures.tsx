import { formatBytes, type AdminOverview } from '@codedrop/contract';

/** Figures at a glance (docs/product.md#admin-console). */
export function OverviewFigures({ overview }: { overview: AdminOverview }) {
  const figures: Array<[string, string]> = [
    ['Live clipboard shares', String(overview.liveShares.clipboard)],
    ['Live notes', String(overview.liveShares.notepad)],
    ['Live file shares', String(overview.liveShares.file)],
    ['Live requests', String(overview.liveRequests)],
    ['Storage in use', formatBytes(overview.storageBytes)],
    ['Created in 24 h', String(overview.createdLast24h)],
    ['Reports in 24 h', String(overview.reportsLast24h)],
    ['Held for review', String(overview.quarantined)],
    ['Blocked files', String(overview.blockedHashes)],
  ];
  return (
    <section aria-labelledby="figures" className="mb-8">
      <h2 id="figures" className="mb-3 text-lg font-semibold text-slate-900">
        Figures at a glance
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-xs font-medium text-slate-600">{label}</dt>
            <dd className="mt-1 text-2xl font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
