import { Hono } from 'hono';
import type { ResolvedConfig } from '../../config/config.ts';

/** What supabase-js asks before anything else: health, settings, and the (empty) public keys. */
export function settingsRoutes(config: ResolvedConfig): Hono {
  const app = new Hono();
  app.get('/health', (c) =>
    c.json({
      version: 'v2.177.0-embedded',
      name: 'GoTrue',
      description: 'GoTrue is a user registration and authentication API',
    }),
  );
  app.get('/settings', (c) =>
    c.json({
      external: { anonymous_users: false, email: true, phone: false },
      disable_signup: !config.enableSignup,
      mailer_autoconfirm: config.autoconfirm,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );
  // HS256 projects publish no public keys; supabase-js then verifies through GET /user.
  app.get('/.well-known/jwks.json', (c) => c.json({ keys: [] }));
  return app;
}
