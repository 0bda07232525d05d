/**
 * Password recovery on the real @snapshire/data against the real embedded backend (the product's project):
 * "Forgot password?" on the login screen -> the e-mail form -> the mailbox -> "Set a new password".
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '@snapshire/ui';
import { MESSAGES, ROUTES } from '@snapshire/contracts';
import { DataProvider, disposeData, initData, useSession } from '@snapshire/data';
import { mailFor, startComponentBackend, uniqueEmail, type ComponentBackend } from '@snapshire/backend/testing';
import AuthScreen from './AuthScreen.tsx';

const PASSWORD = 'password123';
const NEW_PASSWORD = 'fresh-secret-42';

let backend: ComponentBackend;

beforeAll(async () => {
  backend = await startComponentBackend({ passwordRequirements: 'letters_digits' });
});
afterAll(async () => {
  await backend?.stop();
});
beforeEach(() => localStorage.clear());
afterEach(() => disposeData());

function Probe() {
  const location = useLocation();
  const { user, passwordRecovery } = useSession();
  return (
    <>
      <output data-testid="location">{location.pathname + location.search}</output>
      <output data-testid="signed-in">{user?.email ?? ''}</output>
      <output data-testid="recovery">{String(passwordRecovery)}</output>
    </>
  );
}

function renderAt(url: string) {
  const user = userEvent.setup();
  render(
    <ChakraProvider value={system}>
      <DataProvider config={backend.config}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={ROUTES.AUTH_LOGIN} element={<AuthScreen />} />
            <Route path={ROUTES.AUTH_REGISTER} element={<AuthScreen />} />
            <Route path={ROUTES.AUTH_FORGOT_PASSWORD} element={<AuthScreen />} />
            <Route path={ROUTES.AUTH_RESET_PASSWORD} element={<AuthScreen />} />
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

/** Signs in from elsewhere (no shared session): the HTTP status the password grant answers. */
async function signInStatus(email: string, password: string): Promise<number> {
  const res = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return res.status;
}

/** The six-digit code of the newest recovery mail to `email`. */
async function recoveryCode(email: string): Promise<string> {
  const res = await fetch(`${backend.url}/mailbox/api/messages?to=${encodeURIComponent(email)}`);
  const { messages } = (await res.json()) as { messages: { kind: string; text: string }[] };
  return /enter the code: (\d{6})/.exec(messages.find((m) => m.kind === 'recovery')?.text ?? '')?.[1] ?? '';
}

describe('Forgot password', () => {
  it('is offered on the login screen and keeps redirectTo', async () => {
    const user = renderAt('/auth/login?redirectTo=%2Fgroups');
    const link = await screen.findByRole('link', { name: MESSAGES.FORGOT_PASSWORD_LINK });
    await user.click(link);
    expect(location()).toBe('/auth/forgot-password?redirectTo=%2Fgroups');
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.FORGOT_PASSWORD_TITLE })).toBeVisible();
    // Neither Login nor Register: no half-selected toggle above a form that is neither.
    expect(screen.queryByRole('navigation', { name: 'Sign in or create an account' })).not.toBeInTheDocument();
  });

  it('checks the address beside the field and sends nothing for a malformed one', async () => {
    const user = renderAt('/auth/forgot-password');
    const email = await screen.findByLabelText(/^Email/);
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: MESSAGES.FORGOT_PASSWORD_SUBMIT }));
    expect(email).toHaveAccessibleErrorMessage(MESSAGES.INVALID_EMAIL);
    expect(email).toHaveFocus();
  });

  it('mails a link back to "Set a new password" and says to check the inbox', async () => {
    const ada = uniqueEmail('ada');
    await backend.createUser(ada, PASSWORD);
    const user = renderAt('/auth/forgot-password?redirectTo=%2Fgroups');
    await user.type(await screen.findByLabelText(/^Email/), ada);
    await user.click(screen.getByRole('button', { name: MESSAGES.FORGOT_PASSWORD_SUBMIT }));

    // Focus moves once the notice has rendered (an effect): on a busy machine after findBy has found it.
    const sent = await screen.findByRole('heading', { name: MESSAGES.RECOVERY_SENT_TITLE });
    await waitFor(() => expect(sent).toHaveFocus());
    expect(screen.getByText(MESSAGES.RECOVERY_SENT_TEXT)).toBeVisible();
    const [mail] = await mailFor(backend, ada);
    const link = new URL(mail?.links[0]?.url ?? '');
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe(
      `${window.location.origin}/auth/reset-password?redirectTo=%2Fgroups`,
    );
    await user.click(screen.getByRole('link', { name: MESSAGES.BACK_TO_SIGN_IN }));
    expect(location()).toBe('/auth/login?redirectTo=%2Fgroups');
  });

  it("takes the mail's code under the notice, then asks for the new password, keeping redirectTo", async () => {
    const cal = uniqueEmail('cal');
    await backend.createUser(cal, PASSWORD);
    const user = renderAt('/auth/forgot-password?redirectTo=%2Fgroups');
    await user.type(await screen.findByLabelText(/^Email/), cal);
    await user.click(screen.getByRole('button', { name: MESSAGES.FORGOT_PASSWORD_SUBMIT }));
    await screen.findByRole('heading', { name: MESSAGES.RECOVERY_SENT_TITLE });

    const field = screen.getByLabelText(new RegExp(`^${MESSAGES.EMAIL_CODE_LABEL}`));
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: MESSAGES.EMAIL_CODE_SUBMIT }));
    const code = await recoveryCode(cal);
    if (code !== '000000') expect(await screen.findByText(MESSAGES.AUTH_CODE_INVALID)).toBeVisible();

    await user.clear(field);
    await user.type(field, code);
    await user.click(screen.getByRole('button', { name: MESSAGES.EMAIL_CODE_SUBMIT }));
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.NEW_PASSWORD_TITLE })).toBeVisible();
    expect(location()).toBe('/auth/reset-password?redirectTo=%2Fgroups');
    expect(screen.getByTestId('recovery')).toHaveTextContent('true');
    expect(await screen.findByLabelText(/^New password/)).toBeVisible();
  });

  it('answers an address without an account with the same screen, and mails nothing', async () => {
    const nobody = uniqueEmail('nobody');
    const user = renderAt('/auth/forgot-password');
    await user.type(await screen.findByLabelText(/^Email/), nobody);
    await user.click(screen.getByRole('button', { name: MESSAGES.FORGOT_PASSWORD_SUBMIT }));
    expect(await screen.findByRole('heading', { name: MESSAGES.RECOVERY_SENT_TITLE })).toBeVisible();
    expect(await mailFor(backend, nobody)).toEqual([]);
  });
});

describe('Set a new password', () => {
  it('without a recovery sign-in, says the link has expired and offers a new one', async () => {
    const user = renderAt('/auth/reset-password?redirectTo=%2Fgroups');
    expect(await screen.findByText(MESSAGES.RECOVERY_LINK_INVALID)).toBeVisible();
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
    // The warning says what to do; no intro above it asking to choose a password.
    expect(screen.queryByText(MESSAGES.NEW_PASSWORD_INTRO)).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: MESSAGES.ASK_NEW_RECOVERY_LINK }));
    expect(location()).toBe('/auth/forgot-password?redirectTo=%2Fgroups');
  });

  it("after the mail's code: the sign-up password rule, then the new password works and the old does not", async () => {
    const bea = uniqueEmail('bea');
    await backend.createUser(bea, PASSWORD);
    const { supabase } = initData(backend.config);
    expect((await supabase.auth.resetPasswordForEmail(bea)).error).toBeNull();
    const { error } = await supabase.auth.verifyOtp({ email: bea, token: await recoveryCode(bea), type: 'recovery' });
    expect(error).toBeNull();

    const user = renderAt('/auth/reset-password?redirectTo=%2Fgroups');
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.NEW_PASSWORD_TITLE })).toBeVisible();
    expect(screen.getByTestId('recovery')).toHaveTextContent('true');
    const field = await screen.findByLabelText(/^New password/);
    expect(field).toHaveAttribute('autocomplete', 'new-password');

    await user.type(field, 'short');
    await user.click(screen.getByRole('button', { name: MESSAGES.NEW_PASSWORD_SUBMIT }));
    expect(field).toHaveAccessibleErrorMessage(MESSAGES.PASSWORD_TOO_SHORT);

    // The server's own rule (letters and digits here) is worded too.
    await user.clear(field);
    await user.type(field, 'onlyletters');
    await user.click(screen.getByRole('button', { name: MESSAGES.NEW_PASSWORD_SUBMIT }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.AUTH_WEAK_PASSWORD);

    await user.clear(field);
    await user.type(field, PASSWORD);
    await user.click(screen.getByRole('button', { name: MESSAGES.NEW_PASSWORD_SUBMIT }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.AUTH_SAME_PASSWORD);

    await user.clear(field);
    await user.type(field, NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: MESSAGES.NEW_PASSWORD_SUBMIT }));
    const changed = await screen.findByRole('heading', { name: MESSAGES.PASSWORD_CHANGED_TITLE });
    await waitFor(() => expect(changed).toHaveFocus());
    expect(signedInAs()).toBe(bea);
    await waitFor(() => expect(screen.getByTestId('recovery')).toHaveTextContent('false'));

    expect(await signInStatus(bea, PASSWORD)).toBe(400);
    expect(await signInStatus(bea, NEW_PASSWORD)).toBe(200);

    await user.click(screen.getByRole('link', { name: MESSAGES.CONTINUE }));
    expect(location()).toBe('/groups');
  });
});
