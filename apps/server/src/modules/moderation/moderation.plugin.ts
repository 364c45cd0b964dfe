import { messages, reportReasonLabels, type ReportBody } from '@codedrop/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/config.js';
import type { Clock } from '../../infra/runtime/clock.js';
import { clientGroup, clientNetwork } from '../../http/client-address.js';
import { addressHasher } from './address-hash.js';
import { fileReport } from './reports.service.js';
import type { Secrets } from '../../config/secrets.js';

declare module 'fastify' {
  interface FastifyInstance {
    moderation: Moderation;
  }
}

export interface Moderation {
  /** The keyed hash of a client address (docs/design.md#moderation). */
  hashAddress(address: string): string;
  /**
   * Files a visitor's report. `answer` is the same whether or not anything was stored;
   * `quarantined` (never sent to the visitor) says this report put the share in quarantine.
   */
  report(
    code: string,
    body: ReportBody,
    address: string,
  ): Promise<{ answer: { message: string }; quarantined: boolean }>;
}

/** Abuse reports and quarantine: the visitor's side of docs/design.md#moderation. */
async function moderation(
  app: FastifyInstance,
  opts: { config: Config; secrets: Secrets; clock: Clock },
) {
  const { config, clock } = opts;
  const db = app.db.kysely;
  const hashAddress = addressHasher(opts.secrets.urlSigningKey);
  const rules = {
    quarantineAt: config.abuseQuarantineReports,
    quarantineNetworks: config.abuseQuarantineNetworks,
    holdSeconds: config.quarantineHoldSeconds,
  };

  /** One mail per stored report to ABUSE_EMAIL; a mail that fails loses no report. */
  async function notify(code: string, body: ReportBody, quarantined: boolean) {
    if (config.abuseEmail === null) return;
    const link = `${config.publicUrl ?? ''}/admin/shares/${code}`;
    const lines = [
      `Share ${code} was reported: ${reportReasonLabels[body.reason]}.`,
      quarantined ? 'Enough visitors have reported it: it is now quarantined.' : '',
      body.message === undefined || body.message === '' ? '' : `\nMessage:\n${body.message}\n`,
      body.email === undefined ? '' : `Reporter's contact: ${body.email}`,
      `\nReview it in the console: ${link}`,
    ];
    await app.mailer
      .send({
        to: config.abuseEmail,
        subject: `CodeDrop: share ${code} reported (${reportReasonLabels[body.reason]})`,
        text: `${lines.filter((line) => line !== '').join('\n')}\n`,
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'could not mail an abuse report'));
  }

  app.decorate('moderation', {
    hashAddress,
    async report(code, body, address) {
      // One subscriber's many IPv6 addresses are one reporter, as they are one client to
      // the rate limits (docs/design.md#client-addresses).
      const filed = await fileReport(db, rules, {
        code,
        body,
        reporterHash: hashAddress(clientGroup(address, config.rateLimitIpv6Prefix)),
        networkHash: hashAddress(clientNetwork(address)),
        now: clock.now(),
      });
      if (filed.quarantined) app.log.warn({ code }, 'share quarantined after reports');
      // Not awaited: the answer must not wait for a mail that only stored reports send.
      if (filed.stored) void notify(code, body, filed.quarantined);
      return { answer: { message: messages.reportThanks }, quarantined: filed.quarantined };
    },
  } satisfies Moderation);
}

export default fp(moderation, { name: 'moderation', dependencies: ['db', 'mailer'] });
