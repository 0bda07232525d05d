/**
 * The auth screen on the real @snapshire/data (DataProvider: the one supabase-js client and session) against
 * the real embedded backend with the product's own project, reached through a line the tests can hold or cut:
 * what the server refuses, how supabase-js reports it and how the screen words it are all the real thing.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '@snapshire/ui';
import { MESSAGES, paths, ROUTES } from '@snapshire/contracts';
import { DataProvider, disposeData, initData, useSession } from '@snapshire/data';
import {
  mailFor,
  startComponentBackend,
  startRelay,
  uniqueEmail,
  type ComponentBackend,
  type Relay,
} from '@snapshire/backend/testing';
import AuthScreen from './AuthScreen.tsx';

const PASSWORD = 'password123';

/** Confirms e-mail addresses (the product's setting), and asks passwords for letters and digits. */
let backend: ComponentBackend;
let line: Relay;
/** A confirmed account. */
let ada: string;

beforeAll(async () => {
  backend = await startComponentBackend({ passwordRequirements: 'letters_digits' });
  line = await startRelay(backend.url);
  ada = uniqueEmail('ada');
  await backend.createUser(ada, PASSWORD, { displayName: 'Ada' });
});
afterAll(async () => {
  await line?.stop();
  await backend?.stop();
});

beforeEach(() => {
  localStorage.clear();
  line.up();
  line.requests.length = 0;
});
afterEach(() => disposeData());

/** Where the router is, and who the session says is signed in. */
function Probe() {
  const location = useLocation();
  const { user } = useSession();
  return (
    <>
      <output data-testid="location">{location.pathname + location.search}</output>
      <output data-testid="signed-in">{user?.email ?? ''}</output>
    </>
  );
}

function renderAt(url: string, supabaseUrl = line.url) {
  const user = userEvent.setup();
  render(
    <ChakraProvider value={system}>
      <DataProvider config={{ supabaseUrl, supabaseAnonKey: backend.anonKey }}>
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
  return user;
}

const location = () => screen.getByTestId('location').textContent;
const signedInAs = () => screen.getByTestId('signed-in').textContent;
/** The form appears once supabase-js has read the stored session. */
const email = () => screen.findByLabelText(/^Email/);
const password = () => screen.getByLabelText(/^Password/);
const authRequests = (path: string) => line.requests.filter((r) => r.url.pathname === `/auth/v1/${path}`);

async function fillIn(user: ReturnType<typeof userEvent.setup>, mail: string, secret: string) {
  await user.type(await email(), mail);
  await user.type(password(), secret);
}

describe('AuthScreen modes', () => {
  it('shows the login form on /auth/login with labelled, autocompleting fields', async () => {
    renderAt('/auth/login');
    expect(await email()).toHaveAttribute('autocomplete', 'email');
    expect(await email()).toHaveAttribute('type', 'email');
    expect(password()).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText(/illustration by the Snapshire team/)).toBeInTheDocument();
  });

  it('shows the sign-up form on /auth/new with a new-password field', async () => {
    renderAt('/auth/new');
    await email();
    expect(password()).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('aria-current', 'page');
  });

  it('toggles between modes and keeps redirectTo, but drops an off-site one', async () => {
    const user = renderAt('/auth/new?redirectTo=%2Fgroups%2Fg1%2Fphotograph%2Fnew');
    await user.click(screen.getByRole('link', { name: 'Login' }));
    expect(location()).toBe('/auth/login?redirectTo=%2Fgroups%2Fg1%2Fphotograph%2Fnew');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
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

    expect(await email()).toHaveAttribute('aria-invalid', 'true');
    expect(await email()).toHaveAccessibleErrorMessage(MESSAGES.INVALID_EMAIL);
    expect(password()).toHaveAccessibleErrorMessage(MESSAGES.PASSWORD_TOO_SHORT);
    expect(await email()).toHaveFocus();
    expect(authRequests('token')).toEqual([]);

    // Typing clears the message of that field only.
    await user.type(await email(), 'x');
    expect(screen.queryByText(MESSAGES.INVALID_EMAIL)).not.toBeInTheDocument();
    expect(screen.getByText(MESSAGES.PASSWORD_TOO_SHORT)).toBeInTheDocument();
  });

  it('focuses the password when only it is wrong', async () => {
    const user = renderAt('/auth/new');
    await fillIn(user, 'ada@example.com', '1234567');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(password()).toHaveFocus();
    expect(screen.queryByText(MESSAGES.INVALID_EMAIL)).not.toBeInTheDocument();
    expect(authRequests('signup')).toEqual([]);
  });
});

describe('AuthScreen sign-in', () => {
  it('disables the submit button while waiting and then goes to redirectTo, signed in', async () => {
    const user = renderAt('/auth/login?redirectTo=%2Fgroups%2Fg1%2Fphotograph%2Fnew');
    await fillIn(user, ` ${ada} `, PASSWORD);
    const resume = backend.pause();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const submit = await screen.findByRole('button', { name: /Signing in/ });
    expect(submit).toBeDisabled();
    await waitFor(() => expect(authRequests('token')).toHaveLength(1));
    expect(JSON.parse(authRequests('token')[0]!.body)).toMatchObject({ email: ada, password: PASSWORD });

    resume();
    await waitFor(() => expect(location()).toBe('/groups/g1/photograph/new'));
    expect(signedInAs()).toBe(ada);
  });

  it('goes home after sign-in when redirectTo is absent or leaves the site', async () => {
    const user = renderAt('/auth/login?redirectTo=https%3A%2F%2Fevil.example%2F');
    await fillIn(user, ada, PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('words a wrong password and keeps the form usable; the right one then signs in', async () => {
    const user = renderAt('/auth/login');
    await fillIn(user, ada, 'wrong-password1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.AUTH_INVALID_CREDENTIALS);
    // Focus moves to the refusal once it has rendered.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(await email()).toHaveValue(ada);
    expect(location()).toBe('/auth/login');

    await user.clear(password());
    await user.type(password(), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('words an unconfirmed e-mail address; once confirmed, the same form signs in', async () => {
    const bea = uniqueEmail('bea');
    const id = await backend.createUser(bea, PASSWORD, { confirmed: false });
    const user = renderAt('/auth/login');
    await fillIn(user, bea, PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.AUTH_EMAIL_NOT_CONFIRMED);
    expect(location()).toBe('/auth/login');

    await backend.sql('update auth.users set email_confirmed_at = now() where id = $1', [id]);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // Bea has not chosen a public name yet: asked for one before going on.
    await waitFor(() => expect(location()).toBe(paths.chooseName('/')));
  });

  it('words a line that is down, keeps the form usable, and signs in once it is back', async () => {
    const user = renderAt('/auth/login');
    await fillIn(user, ada, PASSWORD);
    line.down();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.AUTH_NETWORK);
    // Focus moves to the refusal once it has rendered.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();

    line.up();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('sends a signed-in visitor straight on to redirectTo', async () => {
    const { error } = await initData({
      supabaseUrl: line.url,
      supabaseAnonKey: backend.anonKey,
    }).supabase.auth.signInWithPassword({
      email: ada,
      password: PASSWORD,
    });
    if (error) throw error;
    renderAt('/auth/new?redirectTo=%2Fgroups');
    await waitFor(() => expect(location()).toBe('/groups'));
  });

  it('shows neither form nor redirect while the session is still being read', () => {
    renderAt('/auth/login');
    expect(screen.queryByLabelText(/^Email/)).not.toBeInTheDocument();
    expect(screen.getByText(/Checking whether you are signed in/)).toBeInTheDocument();
    expect(location()).toBe('/auth/login');
  });
});

describe('AuthScreen sign-up', () => {
  it('replaces the form with the notice; the confirmation e-mail links back to redirectTo', async () => {
    const newcomer = uniqueEmail('new');
    const user = renderAt('/auth/new?redirectTo=%2Fgroups%2Fg1%2Fphotograph%2Fnew');
    await fillIn(user, newcomer, PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    const notice = await screen.findByTestId('sign-up-notice');
    await waitFor(() =>
      expect(
        within(screen.getByTestId('sign-up-notice')).getByRole('heading', { name: MESSAGES.SIGN_UP_DONE_TITLE }),
      ).toHaveFocus(),
    );
    expect(notice).toHaveTextContent(MESSAGES.SIGN_UP_DONE_TEXT);
    expect(screen.queryByLabelText(/^Email/)).not.toBeInTheDocument();
    expect(location()).toBe('/auth/new?redirectTo=%2Fgroups%2Fg1%2Fphotograph%2Fnew');
    expect(signedInAs()).toBe('');
    const [mail] = await mailFor(backend, newcomer);
    const link = new URL(mail!.links[0]!.url);
    // By way of the name prompt: the confirmation link is the account's first sign-in.
    expect(link.searchParams.get('redirect_to')).toBe(
      `${window.location.origin}${paths.chooseName('/groups/g1/photograph/new')}`,
    );

    // Toggling to Login brings back a clean form.
    await user.click(screen.getByRole('link', { name: 'Login' }));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByTestId('sign-up-notice')).not.toBeInTheDocument();
  });

  it("takes the e-mail's code under the notice: a wrong one is refused in words, the right one signs in", async () => {
    const newcomer = uniqueEmail('code');
    const user = renderAt('/auth/new?redirectTo=%2Fgroups');
    await fillIn(user, newcomer, PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await screen.findByTestId('sign-up-notice');
    const [mail] = await mailFor(backend, newcomer);
    const code = /enter the code: (\d+)/.exec(mail!.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const field = screen.getByLabelText(new RegExp(`^${MESSAGES.EMAIL_CODE_LABEL}`));
    await user.click(screen.getByRole('button', { name: MESSAGES.EMAIL_CODE_SUBMIT }));
    expect(await screen.findByText(MESSAGES.EMAIL_CODE_REQUIRED)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    // Field links its error and hint to the input once it has seen them (an effect).
    const missing = screen.getByText(MESSAGES.EMAIL_CODE_REQUIRED);
    const hint = screen.getByText(MESSAGES.EMAIL_CODE_HINT);
    await waitFor(() => expect(field.getAttribute('aria-describedby') ?? '').toContain(missing.id));
    expect(field.getAttribute('aria-describedby')).toContain(hint.id);
    await user.type(field, code === '000000' ? '111111' : '000000');
    expect(screen.queryByText(MESSAGES.EMAIL_CODE_REQUIRED)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: MESSAGES.EMAIL_CODE_SUBMIT }));
    expect(await screen.findByText(MESSAGES.AUTH_CODE_INVALID)).toBeInTheDocument();
    expect(signedInAs()).toBe('');

    await user.clear(field);
    await user.type(field, code!);
    await user.click(screen.getByRole('button', { name: MESSAGES.EMAIL_CODE_SUBMIT }));
    // The code is the account's first sign-in, as the link is: by way of the name prompt.
    await waitFor(() => expect(location()).toBe(paths.chooseName('/groups')));
    expect(signedInAs()).toBe(newcomer);
  });

  it('says the account exists when the server answers with an obfuscated user (confirmations on)', async () => {
    const user = renderAt('/auth/new');
    await fillIn(user, ada, PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.AUTH_USER_EXISTS);
    expect(screen.queryByTestId('sign-up-notice')).not.toBeInTheDocument();
  });

  it('words a password the server finds weak', async () => {
    const user = renderAt('/auth/new');
    await fillIn(user, uniqueEmail('weak'), 'onlyletters');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.AUTH_WEAK_PASSWORD);
    expect(authRequests('signup')).toHaveLength(1);
  });

  describe("on a server that mails one address at most once a minute (Supabase's default max_frequency)", () => {
    let minutely: ComponentBackend;
    beforeAll(async () => {
      minutely = await startComponentBackend({ authRateLimits: { emailMaxFrequencyMs: 60_000 } });
    });
    afterAll(async () => {
      await minutely?.stop();
    });

    it('signing up again at once shows the same notice: the first link is on its way', async () => {
      const newcomer = uniqueEmail('again');
      let user = renderAt('/auth/new', minutely.url);
      await fillIn(user, newcomer, PASSWORD);
      await user.click(screen.getByRole('button', { name: 'Sign up' }));
      await screen.findByTestId('sign-up-notice');
      cleanup();

      user = renderAt('/auth/new', minutely.url);
      await fillIn(user, newcomer, PASSWORD);
      await user.click(screen.getByRole('button', { name: 'Sign up' }));
      expect(await screen.findByTestId('sign-up-notice')).toHaveTextContent(MESSAGES.SIGN_UP_DONE_TEXT);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(await mailFor(minutely, newcomer)).toHaveLength(1);
    });
  });

  describe('on a server that confirms addresses at once', () => {
    let confirming: ComponentBackend;
    beforeAll(async () => {
      confirming = await startComponentBackend({ autoconfirm: true });
    });
    afterAll(async () => {
      await confirming?.stop();
    });

    it('goes straight on, signed in, by way of the name prompt', async () => {
      const newcomer = uniqueEmail('instant');
      const user = renderAt('/auth/new?redirectTo=%2Fgroups', confirming.url);
      await fillIn(user, newcomer, PASSWORD);
      await user.click(screen.getByRole('button', { name: 'Sign up' }));
      await waitFor(() => expect(location()).toBe(paths.chooseName('/groups')));
      expect(signedInAs()).toBe(newcomer);
    });

    it('says the account exists when the server answers with an error code', async () => {
      const taken = uniqueEmail('taken');
      await confirming.createUser(taken, PASSWORD);
      const user = renderAt('/auth/new', confirming.url);
      await fillIn(user, taken, PASSWORD);
      await user.click(screen.getByRole('button', { name: 'Sign up' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.AUTH_USER_EXISTS);
    });
  });
});
