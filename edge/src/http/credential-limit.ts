import type { Request, RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { AppError } from './errors';

/**
 * A sign-in, a signed action (recognize, split, adjust, validate, recalculate) or a change of one's own password
 * (signed with `currentPassword`): the request carries a password to check.
 */
function carriesPassword(req: Request): boolean {
  const body = req.body as Record<string, unknown> | undefined;
  return (typeof body === 'object' && body !== null && ('password' in body || 'currentPassword' in body)) || 'password' in req.query;
}

/**
 * Guessing from one address is slowed whatever user names it tries (the per-name delay is auth's login-throttle):
 * after `failuresPerMinute` failures in a minute (the setting FAILED_SIGNINS_PER_MINUTE), the address gets 429 until
 * the minute is over. Successful sign-ins and signatures do not count.
 */
export function credentialRateLimit(failuresPerMinute: number): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit: failuresPerMinute,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skip: (req) => !carriesPassword(req),
    handler: (_req, _res, next) => next(new AppError('locked', 'auth.rateLimited')),
  });
}
