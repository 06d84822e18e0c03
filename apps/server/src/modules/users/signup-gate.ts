import { messages } from '@hiwar/contracts';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { SharedRateLimiter } from '../../platform/rate-limit/shared-limiter.ts';

/**
 * What every sign-up passes first (the console's POST /passport/register, the API's POST /user/register/, a
 * new activation link): SIGNUP=closed refuses it (403), and a client address gets SIGNUPS_PER_HOUR of them an
 * hour (429), counted in the database so every server and a restart share the count.
 */
export function createSignupGate(db: Database, config: Pick<Config, 'signup' | 'signupsPerHour'>) {
  const perAddress = new SharedRateLimiter(db, {
    name: 'signup.address',
    limit: config.signupsPerHour,
    windowMs: 60 * 60 * 1000,
  });
  return {
    /** a new account: refused when sign-ups are closed or the address has had its share */
    async admit(request: FastifyRequest): Promise<void> {
      if (config.signup === 'closed') throw new AppError('forbidden', messages.signupClosed);
      await this.count(request);
    },
    /** an activation mail asked again: counted like a sign-up */
    async count(request: FastifyRequest): Promise<void> {
      if (!(await perAddress.take(request.ip))) throw new AppError('throttled', messages.tooManySignups);
    },
  };
}
