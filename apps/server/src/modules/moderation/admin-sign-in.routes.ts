import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config.js';
import { AppError } from '../../http/app-error.js';
import type { PasswordHash } from './admin-password.js';
import { createPasswordChecker } from './password-checker.js';

/** Sign-in attempts per client (an address, or an IPv6 network) per 15 minutes. */
const perClient = { limit: 5, windowSeconds: 900 };
/** RATE_LIMIT_SIGN_INS counts attempts from all addresses together per minute. */
const everyoneWindowSeconds = 60;

/** Why an attempt was refused before its password was checked, as the audit log says it. */
export type SignInRefusal = 'address' | 'all addresses' | 'busy';

/**
 * What a console sign-in goes through before and while its password is checked: the limit
 * per client, the limit for all addresses together (a distributed guesser gains nothing from
 * more addresses), then the password checker's one scrypt at a time. Each kind of refusal
 * is written to the audit log (`note`) once per client, or once for all, per window, so a
 * flood of refused attempts cannot fill the log.
 */
export function signInGuard(
  app: FastifyInstance,
  opts: {
    config: Config;
    passwordHash: PasswordHash;
    note(request: FastifyRequest, refusal: SignInRefusal): Promise<void>;
  },
) {
  const checker = createPasswordChecker(opts.passwordHash);
  app.addHook('onClose', async () => checker.close());

  async function noteOnce(
    request: FastifyRequest,
    refusal: SignInRefusal,
    key: string,
    windowSeconds: number,
  ) {
    const first = await app.limits.limiter.consume(`admin-sign-in-noted:${key}`, 1, windowSeconds);
    if (first.allowed) await opts.note(request, refusal);
  }

  async function counted(
    request: FastifyRequest,
    refusal: SignInRefusal,
    key: string,
    rule: { limit: number; windowSeconds: number },
  ) {
    try {
      await app.limits.consume(key, rule.limit, rule.windowSeconds);
    } catch (error) {
      if (error instanceof AppError && error.code === 'RATE_LIMITED') {
        await noteOnce(request, refusal, key, rule.windowSeconds);
      }
      throw error;
    }
  }

  return {
    /** Whether `password` is the console's; throws RATE_LIMITED or SERVICE_UNAVAILABLE. */
    async check(request: FastifyRequest, password: string): Promise<boolean> {
      const client = app.limits.client(request);
      await counted(request, 'address', `admin-sign-in:${client}`, perClient);
      await counted(request, 'all addresses', 'admin-sign-in:all', {
        limit: opts.config.rateLimitSignIns,
        windowSeconds: everyoneWindowSeconds,
      });
      try {
        return await checker.verify(password);
      } catch (error) {
        if (error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE') {
          await noteOnce(request, 'busy', 'busy', everyoneWindowSeconds);
        }
        throw error;
      }
    },
  };
}
