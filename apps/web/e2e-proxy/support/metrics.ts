import type { OwnServer } from '../../e2e/support/own-server';
import { plainRequest } from './https-client';

/**
 * Requests one instance has answered on `route` with `method`, by status, read from its own
 * /metrics (open to a direct loopback client; a request through nginx is not one).
 */
export async function answered(
  instance: OwnServer,
  method: string,
  route: string,
): Promise<Map<number, number>> {
  const answer = await plainRequest(`${instance.baseURL}/metrics`);
  if (answer.status !== 200) throw new Error(`/metrics answered ${answer.status}`);
  const counts = new Map<number, number>();
  const pattern = /^codedrop_http_requests_total\{([^}]*)\} (\d+)$/gm;
  for (const [, labels, value] of answer.body.toString('utf8').matchAll(pattern)) {
    const label = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(labels!)?.[1];
    if (label('method') !== method || label('route') !== route) continue;
    const status = Number(label('status'));
    counts.set(status, (counts.get(status) ?? 0) + Number(value));
  }
  return counts;
}

/** The requests answered with `status` since `before`. */
export function since(
  after: Map<number, number>,
  before: Map<number, number>,
  status: number,
): number {
  return (after.get(status) ?? 0) - (before.get(status) ?? 0);
}
