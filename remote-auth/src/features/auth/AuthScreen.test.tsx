import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '@snapshire/ui';
import { MESSAGES, ROUTES } from '@snapshire/contracts';
import AuthScreen from './AuthScreen.tsx';

/** The session and Supabase client the screen reads from @snapshire/data, replaced per test. */
const data = vi.hoisted(() => ({
  session: null as unknown,
  loading: false,
  auth: {
    signInWithPassword: (() => undefined) as (...args: unknown[]) => unknown,
    signUp: (() => undefined) as (...args: unknown[]) => unknown,
  },
}));
vi.mock('@snapshire/data', () => ({
  useSession: () => ({ session: data.session, user: null, loading: data.loading }),
  useSupabase: () => ({ auth: data.auth }),
}));

const signedIn = { data: { session: { access_token: 't' }, user: { id: 'u1' } }, error: null };
const refused = (error: Record<string, unknown>) => ({ data: { session: null, user: null }, error });

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderAt(url: string) {
  const user = userEvent.setup();
  render(
    <ChakraProvider value={system}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={ROUTES.AUTH_LOGIN} element={<AuthScreen />} />
          <Route path={ROUTES.AUTH_REGISTER} element={<AuthScreen />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </ChakraProvider>,
  );
  return user;
}

const location = () => screen.getByTestId('location').textContent;
const email = () => screen.getByLabelText(/^Email/);
const password = () => screen.getByLabelText(/^Password/);

async function fillIn(user: ReturnType<typeof userEvent.setup>, mail: string, secret: string) {
  await user.type(email(), mail);
  await user.type(password(), secret);
}

beforeEach(() => {
  data.session = null;
  data.loading = false;
  data.auth.signInWithPassword = vi.fn(async () => signedIn);
  data.auth.signUp = vi.fn(async () => ({
    data: { session: null, user: { id: 'u2', identities: [{}] } },
    error: null,
  }));
});

describe('AuthScreen modes', () => {
  it('shows the login form on /auth/login with labelled, autocompleting fields', () => {
    renderAt('/auth/login');
    expect(email()).toHaveAttribute('autocomplete', 'email');
    expect(email()).toHaveAttribute('type', 'email');
    expect(password()).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText(/illustration by the Snapshire team/)).toBeInTheDocument();
  });

  it('shows the sign-up form on /auth/new with a new-password field', () => {
    renderAt('/auth/new');
    expect(password()).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('aria-current', 'page');
  });

  it('toggles between modes and keeps redirectTo, but drops an off-site one', async () => {
    const user = renderAt('/auth/new?redirectTo=%2Fgroups%2Fg1%2Fphotograph%2Fnew');
    await user.click(screen.getByRole('link', { name: 'Login' }));
    expect(location()).toBe('/auth/login?redirectTo=%2Fgroups%2Fg1%2Fphotograph%2Fnew');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    cleanup();

    renderAt('/auth/login?redirectTo=%2F%2Fevil.example');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/auth/new');
  });
});

describe('AuthScreen validation', () => {
  it('names each invalid field beside it and sends nothing', async () => {
    const user = renderAt('/auth/login');
    await fillIn(user, 'not-an-email', 'short');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(email()).toHaveAccessibleErrorMessage(MESSAGES.INVALID_EMAIL);
    expect(password()).toHaveAccessibleErrorMessage(MESSAGES.PASSWORD_TOO_SHORT);
    expect(email()).toHaveFocus();
    expect(data.auth.signInWithPassword).not.toHaveBeenCalled();

    // Typing clears the message of that field only.
    await user.type(email(), 'x');
    expect(screen.queryByText(MESSAGES.INVALID_EMAIL)).not.toBeInTheDocument();
    expect(screen.getByText(MESSAGES.PASSWORD_TOO_SHORT)).toBeInTheDocument();
  });

  it('focuses the password when only it is wrong', async () => {
    const user = renderAt('/auth/new');
    await fillIn(user, 'ada@example.com', '1234567');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(password()).toHaveFocus();
    expect(screen.queryByText(MESSAGES.INVALID_EMAIL)).not.toBeInTheDocument();
  });
});

describe('AuthScreen sign-in', () => {
  it('disables the submit button while waiting and then goes to redirectTo', async () => {
    let answer!: (value: unknown) => void;
    data.auth.signInWithPassword = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    const user = renderAt('/auth/login?redirectTo=%2Fgroups%2Fg1%2Fphotograph%2Fnew');
    await fillIn(user, ' ada@example.com ', 'password123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const submit = screen.getByRole('button', { name: /Signing in/ });
    expect(submit).toBeDisabled();
    expect(data.auth.signInWithPassword).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'password123' });

    answer(signedIn);
    await waitFor(() => expect(location()).toBe('/groups/g1/photograph/new'));
  });

  it('goes home after sign-in when redirectTo is absent or leaves the site', async () => {
    const user = renderAt('/auth/login?redirectTo=https%3A%2F%2Fevil.example%2F');
    await fillIn(user, 'ada@example.com', 'password123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location()).toBe('/'));
  });

  it.each([
    [
      'wrong password',
      { name: 'AuthApiError', status: 400, code: 'invalid_credentials' },
      MESSAGES.AUTH_INVALID_CREDENTIALS,
    ],
    [
      'unconfirmed e-mail',
      { name: 'AuthApiError', status: 400, code: 'email_not_confirmed' },
      MESSAGES.AUTH_EMAIL_NOT_CONFIRMED,
    ],
    ['network down', { name: 'AuthRetryableFetchError', status: 0, message: 'Failed to fetch' }, MESSAGES.AUTH_NETWORK],
    [
      'legacy server',
      { name: 'AuthApiError', status: 400, message: 'Invalid login credentials' },
      MESSAGES.AUTH_INVALID_CREDENTIALS,
    ],
    ['unknown refusal', { name: 'AuthApiError', status: 400, code: 'something_new' }, MESSAGES.AUTH_UNKNOWN],
  ])('words a %s and keeps the form usable', async (_case, error, message) => {
    data.auth.signInWithPassword = vi.fn(async () => refused(error));
    const user = renderAt('/auth/login');
    await fillIn(user, 'ada@example.com', 'password123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(email()).toHaveValue('ada@example.com');
    expect(location()).toBe('/auth/login');

    // Retry: the refusal goes, and a success moves on.
    data.auth.signInWithPassword = vi.fn(async () => signedIn);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('words a fetch that throws as the network being down', async () => {
    data.auth.signInWithPassword = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const user = renderAt('/auth/login');
    await fillIn(user, 'ada@example.com', 'password123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.AUTH_NETWORK);
  });

  it('sends a signed-in visitor straight on to redirectTo', () => {
    data.session = { access_token: 't' };
    renderAt('/auth/new?redirectTo=%2Fgroups');
    expect(location()).toBe('/groups');
  });

  it('shows neither form nor redirect while the session is still being read', () => {
    data.loading = true;
    renderAt('/auth/login');
    expect(screen.queryByLabelText(/^Email/)).not.toBeInTheDocument();
    expect(screen.getByText(/Checking whether you are signed in/)).toBeInTheDocument();
    expect(location()).toBe('/auth/login');
  });
});

describe('AuthScreen sign-up', () => {
  it('replaces the form with the notice and asks for a confirmation link back to redirectTo', async () => {
    const user = renderAt('/auth/new?redirectTo=%2Fgroups%2Fg1%2Fphotograph%2Fnew');
    await fillIn(user, 'new@example.com', 'password123');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    const notice = await screen.findByTestId('sign-up-notice');
    expect(within(notice).getByRole('heading', { name: MESSAGES.SIGN_UP_DONE_TITLE })).toHaveFocus();
    expect(notice).toHaveTextContent(MESSAGES.SIGN_UP_DONE_TEXT);
    expect(screen.queryByLabelText(/^Email/)).not.toBeInTheDocument();
    expect(data.auth.signUp).toHaveBeenCalledWith({
      email: 'new@example.com',
      password: 'password123',
      options: { emailRedirectTo: `${window.location.origin}/groups/g1/photograph/new` },
    });
    expect(location()).toBe('/auth/new?redirectTo=%2Fgroups%2Fg1%2Fphotograph%2Fnew');

    // Toggling to Login brings back a clean form.
    await user.click(screen.getByRole('link', { name: 'Login' }));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByTestId('sign-up-notice')).not.toBeInTheDocument();
  });

  it.each([
    ['an error code', refused({ name: 'AuthApiError', status: 422, code: 'user_already_exists' })],
    [
      'an obfuscated user with no identities',
      { data: { session: null, user: { id: 'x', identities: [] } }, error: null },
    ],
  ])('says the account exists when the server answers with %s', async (_case, answer) => {
    data.auth.signUp = vi.fn(async () => answer);
    const user = renderAt('/auth/new');
    await fillIn(user, 'ada@example.com', 'password123');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.AUTH_USER_EXISTS);
    expect(screen.queryByTestId('sign-up-notice')).not.toBeInTheDocument();
  });

  it('words a weak password', async () => {
    data.auth.signUp = vi.fn(async () =>
      refused({ name: 'AuthWeakPasswordError', status: 422, code: 'weak_password', reasons: ['length'] }),
    );
    const user = renderAt('/auth/new');
    await fillIn(user, 'new@example.com', 'password123');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.AUTH_WEAK_PASSWORD);
  });

  it('goes straight on when the server signs the new user in at once', async () => {
    data.auth.signUp = vi.fn(async () => signedIn);
    const user = renderAt('/auth/new?redirectTo=%2Fgroups');
    await fillIn(user, 'new@example.com', 'password123');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(location()).toBe('/groups'));
  });
});
