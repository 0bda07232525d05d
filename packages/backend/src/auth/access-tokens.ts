import { signProjectJwt } from '../config/keys.ts';
import type { AmrClaim, UserRow } from './repository.ts';

/** How access tokens are issued and refresh tokens rotated: `[auth]` of config.toml. */
export interface TokenSettings {
  jwtSecret: string;
  /** `${url}/auth/v1` */
  issuer: string;
  jwtExpiry: number;
  refreshTokenRotation: boolean;
  refreshTokenReuseInterval: number;
}

/** The access token GoTrue issues, with its claims; `exp` in seconds since the epoch. */
export async function signAccessToken(
  user: UserRow,
  sessionId: string,
  amr: AmrClaim[],
  s: TokenSettings,
): Promise<{ token: string; exp: number }> {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + s.jwtExpiry;
  const token = await signProjectJwt(
    {
      aud: user.aud ?? 'authenticated',
      exp,
      iat,
      iss: s.issuer,
      sub: user.id,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role ?? 'authenticated',
      aal: 'aal1',
      amr,
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    },
    s.jwtSecret,
  );
  return { token, exp };
}
