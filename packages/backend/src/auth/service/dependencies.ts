import type { BackendContext } from '../../context.ts';
import type { SqlClient } from '../../db/types.ts';
import type { TokenSettings } from '../access-tokens.ts';
import { passwordStrengthRule } from '../passwords.ts';
import { createAuthRateLimiter, type AuthRateLimiter } from '../rate-limits.ts';
import { listIdentities, type UserRow } from '../repository.ts';
import { userJson } from '../users.ts';

/** What the auth services share: the database, config.toml's [auth], and the per-process rate limits. */
export interface AuthDependencies {
  db: BackendContext['db'];
  config: BackendContext['config'];
  /** For links in e-mails and the log. */
  mail: Pick<BackendContext, 'log' | 'url'>;
  limiter: AuthRateLimiter;
  /** Throws GoTrue's weak_password for a password config.toml does not accept. */
  checkPasswordStrength: (password: string) => void;
  /** Read per use: the issuer is the base URL, known once the server listens. */
  tokens: () => TokenSettings;
}

export function createAuthDependencies(ctx: BackendContext): AuthDependencies {
  const { config } = ctx;
  return {
    db: ctx.db,
    config,
    mail: ctx,
    limiter: createAuthRateLimiter(config.authRateLimits),
    checkPasswordStrength: passwordStrengthRule(config.minimumPasswordLength, config.passwordRequirements),
    tokens: () => ({
      jwtSecret: config.jwtSecret,
      issuer: `${ctx.url}/auth/v1`,
      jwtExpiry: config.jwtExpiry,
      refreshTokenRotation: config.refreshTokenRotation,
      refreshTokenReuseInterval: config.refreshTokenReuseInterval,
    }),
  };
}

/** The user object GoTrue answers with, identities included. */
export async function loadUserJson(sql: SqlClient, user: UserRow): Promise<Record<string, unknown>> {
  return userJson(user, await listIdentities(sql, user.id));
}
