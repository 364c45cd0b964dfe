import { messages, type RecoveryResponse } from '@codedrop/contract';
import { MailUnavailableError, type Mailer } from '../../infra/mail/port.js';
import { AppError } from '../../http/app-error.js';
import type { RecoveryEscrow } from './recovery-escrow.js';
import { digestsEqual } from '../../infra/runtime/secrets-hash.js';
import type { ShareService } from '../shares/shares.service.js';

export interface RecoveryDeps {
  shares: ShareService;
  escrow: RecoveryEscrow;
  mailer: Mailer;
  publicUrl: string | null;
  /**
   * Takes one mail from the recipient's daily allowance (throws RATE_LIMITED past it), so
   * no address can be flooded whatever codes and client addresses ask. Keyed by the keyed
   * email hash: the address itself never reaches the limiter's store.
   */
  takeMailAllowance(emailHash: string): Promise<void>;
}

/** Recovery mails one address may receive a day. */
export const recoveryMailsPerRecipient = 3;

/**
 * docs/design.md#recovery-email: a live share whose recovery email matches gets the escrowed
 * password mailed to that address. Every other case answers the same "not found", so the endpoint
 * says nothing about which shares have a recovery email.
 */
export function createRecoveryService(deps: RecoveryDeps) {
  return {
    async recover(code: string, email: string): Promise<RecoveryResponse> {
      const notFound = () => new AppError('RECOVERY_NOT_FOUND', messages.recoveryNotFound);
      let record;
      try {
        record = await deps.shares.requireLive(code);
      } catch (error) {
        if (error instanceof AppError && (error.status === 404 || error.status === 410)) {
          throw notFound();
        }
        throw error;
      }
      const stored = record.recoveryEmailHash;
      const matches =
        stored !== null &&
        deps.escrow.emailHashes(email).some((hash) => digestsEqual(hash, stored));
      const escrow = matches ? await deps.shares.recoveryEscrowOf(code) : null;
      const password = escrow === null ? null : deps.escrow.open(escrow);
      if (password === null) throw notFound();
      await deps.takeMailAllowance(deps.escrow.emailHashes(email)[0]!);
      const link = deps.publicUrl === null ? null : `${deps.publicUrl}/${code}`;
      try {
        await deps.mailer.send({
          to: email,
          subject: `Your CodeDrop password for share ${code}`,
          text: [
            `Someone (hopefully you) asked to recover the password of CodeDrop share ${code}.`,
            '',
            `Password: ${password}`,
            '',
            link === null ? `Enter the code ${code} on the CodeDrop home page` : `Open ${link}`,
            `and type the password to decrypt it. The share expires on ${record.expiresAt.toUTCString()}.`,
            '',
            'If you did not ask for this, you can ignore this message.',
          ].join('\n'),
        });
      } catch (error) {
        if (error instanceof MailUnavailableError) {
          throw new AppError('SERVICE_UNAVAILABLE', messages.recoveryErrorDetail, {
            title: messages.recoveryErrorTitle,
          });
        }
        throw error;
      }
      return { success: true, message: messages.recoverySentDetail };
    },
  };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
