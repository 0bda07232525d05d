import { Hono } from 'hono';
import type { BackendContext } from '../context.ts';
import { AuthError, authErrorResponse } from './errors.ts';
import { adminRoutes } from './routes/admin.ts';
import { recoverRoutes } from './routes/recover.ts';
import { settingsRoutes } from './routes/settings.ts';
import { signupRoutes } from './routes/signup.ts';
import { tokenRoutes } from './routes/token.ts';
import { userRoutes } from './routes/user.ts';
import { verifyRoutes } from './routes/verify.ts';
import { createAuthDependencies } from './service/dependencies.ts';
import { createSessionService } from './service/sessions.ts';
import { createUserService } from './service/users.ts';

/**
 * /auth/v1: the GoTrue subset supabase-js 2.109 uses. Each file of routes/ holds one area's paths and calls
 * service/ (the rules: rate limits, password requirements, refresh-token reuse), which calls repository.ts
 * (the SQL). Everything runs as the database owner (GoTrue's own role), in one transaction per request.
 */
export function authRoutes(ctx: BackendContext): Hono {
  const app = new Hono();
  const { config } = ctx;
  const deps = createAuthDependencies(ctx);
  const users = createUserService(deps);
  const sessions = createSessionService(deps);

  app.onError((err, c) => {
    if (err instanceof AuthError) return authErrorResponse(c, err);
    ctx.log(`auth error: ${err instanceof Error ? err.message : String(err)}`);
    return authErrorResponse(
      c,
      new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
      true,
    );
  });

  app.route('/', settingsRoutes(config));
  app.route('/', signupRoutes(users, config));
  app.route('/', tokenRoutes(sessions, config.jwtSecret));
  app.route('/', userRoutes(users, config));
  app.route('/', recoverRoutes(users, config));
  app.route('/', verifyRoutes(sessions, config));
  app.route('/', adminRoutes(users, ctx));
  return app;
}
