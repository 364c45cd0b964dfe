/** What the primary tells a worker about its place when it forks it. */
export interface WorkerRole {
  index: number;
  /** Exactly one worker at a time runs the sweeper. */
  sweeper: boolean;
}

export const roleEnv = (role: WorkerRole) => ({
  CODEDROP_WORKER_INDEX: String(role.index),
  CODEDROP_SWEEPER: role.sweeper ? '1' : '0',
});

/** This process's role when the primary forked it; null when it runs on its own. */
export function workerRole(env: NodeJS.ProcessEnv): WorkerRole | null {
  if (env.CODEDROP_WORKER_INDEX === undefined) return null;
  return { index: Number(env.CODEDROP_WORKER_INDEX), sweeper: env.CODEDROP_SWEEPER === '1' };
}

const request = 'codedrop:metrics-request';
const reply = 'codedrop:metrics-reply';

export interface MetricsReply {
  type: typeof reply;
  id: number;
  /** The Prometheus text summed over every worker, or null if it could not be gathered. */
  text: string | null;
  contentType: string;
}

export const metricsRequestMessage = (id: number) => ({ type: request, id });

export function metricsRequest(message: unknown): { id: number } | null {
  const m = message as { type?: unknown; id?: unknown } | null;
  return m?.type === request && typeof m.id === 'number' ? { id: m.id } : null;
}

export const metricsReply = (
  id: number,
  text: string | null,
  contentType: string,
): MetricsReply => ({
  type: reply,
  id,
  text,
  contentType,
});

export function isMetricsReply(message: unknown): message is MetricsReply {
  return (message as { type?: unknown } | null)?.type === reply;
}
