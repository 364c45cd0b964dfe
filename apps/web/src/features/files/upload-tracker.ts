import type { ClientProblem } from '../../lib/api/result';
import type { ResumableUpload } from '../../lib/api/resumable-upload';

export type UploadPhase = 'uploading' | 'done' | 'failed';

export interface UploadState {
  sent: number;
  total: number;
  phase: UploadPhase;
  problem?: ClientProblem;
}

/**
 * The running upload behind a result card: its progress for the card (a small store the
 * card subscribes to), and what the card may do with it (retry after a failure).
 */
export class UploadTracker {
  private state: UploadState;
  private readonly listeners = new Set<() => void>();
  upload: ResumableUpload | null = null;

  constructor(total: number, sent = 0) {
    this.state = { sent, total, phase: 'uploading' };
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = () => this.state;

  /** The share was deleted: stop sending, and forget what a reload would resume. */
  discard: () => void = () => this.upload?.stop();

  update(next: Partial<UploadState>): void {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  /** Continues a failed upload from where the server stands. */
  retry(): void {
    this.update({ phase: 'uploading', problem: undefined });
    this.upload?.restart();
  }
}
