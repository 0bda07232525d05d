/**
 * The account page on the real @snapshire/data against the real embedded backend: the name edited in place
 * with its error beside it, the e-mail shown to its owner, a password change that signs in afterwards.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '@snapshire/ui';
import { MESSAGES, paths, PROFILE_LIMITS, PROFILE_RULE_MESSAGES, PROFILE_TEXTS, ROUTES } from '@snapshire/contracts';
import { DataProvider, disposeData, initData } from '@snapshire/data';
import { startComponentBackend, uniqueEmail, type ComponentBackend } from '@snapshire/backend/testing';
import AccountScreen from './AccountScreen.tsx';

const PASSWORD = 'password123';
let backend: ComponentBackend;

beforeAll(async () => {
  backend = await startComponentBackend();
});
afterAll(async () => {
  await backend?.stop();
});
beforeEach(() => localStorage.clear());
afterEach(() => disposeData());

function renderAccount() {
  const user = userEvent.setup();
  render(
    <ChakraProvider value={system}>
      <DataProvider config={backend.config}>
        <MemoryRouter initialEntries={[paths.account()]}>
          <Routes>
            <Route path={ROUTES.ACCOUNT} element={<AccountScreen />} />
          </Routes>
        </MemoryRouter>
      </DataProvider>
    </ChakraProvider>,
  );
  return user;
}

async function signIn(displayName?: string) {
  const email = uniqueEmail('account');
  const id = await backend.createUser(email, PASSWORD, { displayName });
  const { error } = await initData(backend.config).supabase.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return { email, id };
}

const nameField = () => screen.findByLabelText(new RegExp(`^${PROFILE_TEXTS.DISPLAY_NAME_LABEL}`));

describe('AccountScreen', () => {
  it('offers a sign-in link to a visitor', async () => {
    renderAccount();
    expect(await screen.findByRole('link', { name: PROFILE_TEXTS.SIGN_IN })).toHaveAttribute(
      'href',
      paths.login(paths.account()),
    );
  }, 60_000);

  it('shows the name with its initials and the e-mail, and renames with the error beside the field', async () => {
    const { email, id } = await signIn('Ada Lovelace');
    const user = renderAccount();
    const field = await nameField();
    expect(field).toHaveValue('Ada Lovelace');
    expect(screen.getByTestId('account-email')).toHaveTextContent(email);
    expect(screen.getAllByTestId('name-avatar')[0]).toHaveTextContent('AL');

    await user.clear(field);
    await user.type(field, 'y'.repeat(PROFILE_LIMITS.DISPLAY_NAME_MAX_LENGTH + 1));
    await user.click(screen.getByRole('button', { name: PROFILE_TEXTS.NAME_SAVE }));
    const error = await screen.findByText(PROFILE_RULE_MESSAGES.display_name_too_long);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(field.getAttribute('aria-describedby') ?? '').toContain(error.id));
    await user.type(field, '{Backspace}');
    expect(screen.queryByText(PROFILE_RULE_MESSAGES.display_name_too_long)).not.toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');

    // Emptied: the account page has no Skip, so its refusal must not offer one.
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: PROFILE_TEXTS.NAME_SAVE }));
    const empty = await screen.findByText(PROFILE_RULE_MESSAGES.display_name_required);
    expect(empty.textContent).not.toMatch(/skip/i);
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.type(field, 'Countess of Lovelace');
    await user.click(screen.getByRole('button', { name: PROFILE_TEXTS.NAME_SAVE }));
    expect(await screen.findByTestId('name-saved')).toHaveTextContent(PROFILE_TEXTS.NAME_SAVED);
    await waitFor(() => expect(screen.getByTestId('account-name')).toHaveTextContent('Countess of Lovelace'));
    const [row] = await backend.sql<{ display_name: string; name_chosen: boolean }>(
      'select display_name, name_chosen from public.profile where id = $1',
      [id],
    );
    expect(row).toEqual({ display_name: 'Countess of Lovelace', name_chosen: true });
  }, 60_000);

  it('changes the password, each field with its own error, and the new one signs in', async () => {
    const { email } = await signIn();
    const user = renderAccount();
    const password = await screen.findByLabelText(new RegExp(`^${PROFILE_TEXTS.NEW_PASSWORD_LABEL}`));
    const repeat = screen.getByLabelText(new RegExp(`^${PROFILE_TEXTS.CONFIRM_PASSWORD_LABEL}`));
    const form = screen.getByRole('form', { name: PROFILE_TEXTS.PASSWORD_SECTION });

    await user.type(password, 'short');
    await user.click(within(form).getByRole('button', { name: PROFILE_TEXTS.PASSWORD_SAVE }));
    expect(await screen.findByText(MESSAGES.PASSWORD_TOO_SHORT)).toBeInTheDocument();
    expect(password).toHaveFocus();
    await user.type(password, '-but-longer-now');
    expect(screen.queryByText(MESSAGES.PASSWORD_TOO_SHORT)).not.toBeInTheDocument();
    await user.type(repeat, 'something else');
    await user.click(within(form).getByRole('button', { name: PROFILE_TEXTS.PASSWORD_SAVE }));
    const differ = await screen.findByText(PROFILE_TEXTS.PASSWORDS_DIFFER);
    await waitFor(() => expect(repeat.getAttribute('aria-describedby') ?? '').toContain(differ.id));

    await user.clear(repeat);
    await user.type(repeat, 'short-but-longer-now');
    await user.click(within(form).getByRole('button', { name: PROFILE_TEXTS.PASSWORD_SAVE }));
    expect(await screen.findByTestId('password-saved')).toBeInTheDocument();
    const again = await initData(backend.config).supabase.auth.signInWithPassword({
      email,
      password: 'short-but-longer-now',
    });
    expect(again.error).toBeNull();
  }, 60_000);
});
