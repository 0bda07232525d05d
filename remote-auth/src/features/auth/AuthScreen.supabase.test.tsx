/**
 * The auth screen with the real @snapshire/data (DataProvider, the one supabase-js client) against a fake
 * auth server answering over `fetch` the way GoTrue does: checks what unit doubles cannot, i.e. that
 * supabase-js's own error objects are worded right and that a real sign-in reaches the session context.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { MESSAGES, ROUTES } from '@snapshire/contracts';
import { DataProvider, disposeData, useSession } from '@snapshire/data';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '@snapshire/ui';
import AuthScreen from './AuthScreen.tsx';

const SUPABASE_URL = 'http://auth.test';
const config = { supabaseUrl: SUPABASE_URL, supabaseAnonKey: 'anon-key' };

const b64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const user = {
  id: '00000000-0000-4000-8000-000000000001',
  aud: 'authenticated',
  role: 'authenticated',
  email: 'ada@example.com',
  app_metadata: {},
  user_metadata: {},
  identities: [{ id: 'i1' }],
  created_at: '2026-11-22T00:00:00Z',
};

function sessionBody() {
  const now = Math.floor(Date.now() / 1000);
  const accessToken = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ sub: user.id, role: 'authenticated', exp: now + 3600, aal: 'aal1', session_id: 's1' })}.sig`;
  return {
    access_token: accessToken,
    refresh_token: 'refresh',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: now + 3600,
    user,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
  });

/** What the fake auth server does with each request; tests swap behaviours. */
let server: {
  token: (body: { email: string; password: string }) => Response | Promise<Response>;
  signup: (body: Record<string, unknown>, url: URL) => Response;
};
const requests: Array<{ url: URL; body: Record<string, unknown> }> = [];

function Probe() {
  const location = useLocation();
  const { user: signedIn } = useSession();
  return (
    <p data-testid="probe">
      {location.pathname + location.search} {signedIn ? `as ${signedIn.email}` : 'signed out'}
    </p>
  );
}

function renderAt(url: string) {
  const u = userEvent.setup();
  render(
    <ChakraProvider value={system}>
      <DataProvider config={config}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={ROUTES.AUTH_LOGIN} element={<AuthScreen />} />
            <Route path={ROUTES.AUTH_REGISTER} element={<AuthScreen />} />
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
          <Probe />
        </MemoryRouter>
      </DataProvider>
    </ChakraProvider>,
  );
  return u;
}

async function submit(u: ReturnType<typeof userEvent.setup>, email: string, password: string, button: string) {
  await u.type(await screen.findByLabelText(/^Email/), email);
  await u.type(screen.getByLabelText(/^Password/), password);
  await u.click(screen.getByRole('button', { name: button }));
}

beforeEach(() => {
  localStorage.clear();
  requests.length = 0;
  server = {
    token: ({ password }) =>
      password === 'correct-horse'
        ? json(200, sessionBody())
        : json(400, {
            code: 'invalid_credentials',
            error_code: 'invalid_credentials',
            msg: 'Invalid login credentials',
          }),
    signup: () => json(200, { ...user, email: 'new@example.com', confirmation_sent_at: new Date().toISOString() }),
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    requests.push({ url, body });
    if (url.pathname === '/auth/v1/token' && url.searchParams.get('grant_type') === 'password')
      return server.token(body as { email: string; password: string });
    if (url.pathname === '/auth/v1/signup') return server.signup(body, url);
    return json(404, { code: 'not_found', msg: 'not found' });
  });
});

afterEach(() => {
  disposeData();
  vi.unstubAllGlobals();
});

describe('AuthScreen over supabase-js', () => {
  it('words a wrong password from the server, then signs in and goes to redirectTo', async () => {
    const u = renderAt('/auth/login?redirectTo=%2Fgroups');
    await submit(u, 'ada@example.com', 'wrong-password', 'Sign in');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.AUTH_INVALID_CREDENTIALS);

    await u.clear(screen.getByLabelText(/^Password/));
    await u.type(screen.getByLabelText(/^Password/), 'correct-horse');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('/groups as ada@example.com'));
  });

  it('words an unconfirmed e-mail', async () => {
    server.token = () => json(400, { code: 'email_not_confirmed', msg: 'Email not confirmed' });
    const u = renderAt('/auth/login');
    await submit(u, 'ada@example.com', 'correct-horse', 'Sign in');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.AUTH_EMAIL_NOT_CONFIRMED);
  });

  it('words an unreachable server', async () => {
    server.token = () => {
      throw new TypeError('Failed to fetch');
    };
    const u = renderAt('/auth/login');
    await submit(u, 'ada@example.com', 'correct-horse', 'Sign in');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.AUTH_NETWORK);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('signs up with a confirmation link back to this site and shows the notice', async () => {
    const u = renderAt('/auth/new?redirectTo=%2Fgroups%2Fg1%2Fphotograph%2Fnew');
    await submit(u, 'new@example.com', 'correct-horse', 'Sign up');
    expect(await screen.findByText(MESSAGES.SIGN_UP_DONE_TEXT)).toBeInTheDocument();
    const signup = requests.find((r) => r.url.pathname === '/auth/v1/signup')!;
    // supabase-js sends emailRedirectTo as the redirect_to query parameter.
    expect(signup.url.searchParams.get('redirect_to')).toBe(`${window.location.origin}/groups/g1/photograph/new`);
    expect(signup.body).toMatchObject({ email: 'new@example.com', password: 'correct-horse' });
    expect(screen.getByTestId('probe')).toHaveTextContent('signed out');
  });

  it('words an existing account and a weak password', async () => {
    server.signup = () => json(422, { code: 'user_already_exists', msg: 'User already registered' });
    const u = renderAt('/auth/new');
    await submit(u, 'ada@example.com', 'correct-horse', 'Sign up');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.AUTH_USER_EXISTS);

    server.signup = () =>
      json(422, { code: 'weak_password', msg: 'Password is known to be weak', weak_password: { reasons: ['pwned'] } });
    await u.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.AUTH_WEAK_PASSWORD));
  });
});
