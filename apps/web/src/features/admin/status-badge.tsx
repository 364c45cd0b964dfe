import type { AdminShareStatus } from '@codedrop/contract';
import { Badge } from '../../components/badge';

const looks: Record<AdminShareStatus, { label: string; variant?: 'danger' }> = {
  live: { label: 'Live' },
  quarantined: { label: 'Held for review', variant: 'danger' },
  expired: { label: 'Expired' },
  gone: { label: 'Gone' },
};

export function StatusBadge({ status }: { status: AdminShareStatus }) {
  const look = looks[status];
  return <Badge variant={look.variant}>{look.label}</Badge>;
}
