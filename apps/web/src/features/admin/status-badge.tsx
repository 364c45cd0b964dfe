import type { AdminShareStatus } from '@codedrop/contract';
import { Badge } from '../../components/badge';

const looks: Record<AdminShareStatus, { label: string; className?: string }> = {
  live: { label: 'Live' },
  quarantined: { label: 'Held for review', className: 'border-red-200 bg-red-50 text-red-800' },
  expired: { label: 'Expired' },
  gone: { label: 'Gone' },
};

export function StatusBadge({ status }: { status: AdminShareStatus }) {
  const look = looks[status];
  return <Badge className={look.className}>{look.label}</Badge>;
}
