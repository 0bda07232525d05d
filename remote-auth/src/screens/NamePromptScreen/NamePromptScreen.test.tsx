/**
 * The name prompt on the real @snapshire/data against the real embedded backend: a new account (no chosen
 * name) is asked once, saving or skipping settles it, and an account that has chosen goes straight on.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '@snapshire/ui';
import { paths, PROFILE_LIMITS, PROFILE_RULE_MESSAGES, PROFILE_TEXTS, ROUTES } from '@snapshire/contracts';
import { DataProvider, disposeData, initData } from '@snapshire/data';
import { startComponentBackend, uniqueEmail, type ComponentBackend } from '@snapshire/backend/testing';
import NamePromptScreen from './NamePromptScreen.tsx';

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

function Probe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

async function signedInAt(url: string, options: { displayName?: string } = {}) {
  const email = uniqueEmail('prompt');
  const id = await backend.createUser(email, PASSWORD, options);
  const { error } = await initData(backend.config).supabase.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  const user = userEvent.setup();
  render(
    <ChakraProvider value={system}>
      <DataProvider config={backend.config}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={ROUTES.ACCOUNT_NAME} element={<NamePromptScreen />} />
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
          <Probe />
        </MemoryRouter>
      </DataProvider>
    </ChakraProvider>,
  );
  return { user, id, email };
}

const location = () => screen.getByTestId('location').textContent;
const nameOf = async (id: string) =>
  (
    await backend.sql<{ display_name: string; name_chosen: boolean }>(
      'select display_name, name_chosen from public.profile where id = $1',
      [id],
    )
  )[0];

describe('NamePromptScreen', () => {
  it('asks a new account for a name, never offering its e-mail, and goes on once saved', async () => {
    const { user, id, email } = await signedInAt(paths.chooseName('/groups'));
    const field = await screen.findByLabelText(new RegExp(`^${PROFILE_TEXTS.DISPLAY_NAME_LABEL}`));
    expect(screen.getByRole('heading', { level: 1, name: PROFILE_TEXTS.PROMPT_TITLE })).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(email.split('@')[0]!);
    expect(screen.getByText(/If you skip, you will appear as “Member [0-9A-F]{4}”/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: PROFILE_TEXTS.PROMPT_SAVE }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    const error = screen.getByText(PROFILE_RULE_MESSAGES.display_name_required);
    await waitFor(() => expect(field.getAttribute('aria-describedby') ?? '').toContain(error.id));
    expect(field).toHaveFocus();
    await user.type(field, 'x'.repeat(PROFILE_LIMITS.DISPLAY_NAME_MAX_LENGTH + 1));
    // Fixed by typing: the error goes at once.
    expect(screen.queryByText(PROFILE_RULE_MESSAGES.display_name_required)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: PROFILE_TEXTS.PROMPT_SAVE }));
    expect(await screen.findByText(PROFILE_RULE_MESSAGES.display_name_too_long)).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '  Gran  ');
    await user.click(screen.getByRole('button', { name: PROFILE_TEXTS.PROMPT_SAVE }));
    await waitFor(() => expect(location()).toBe('/groups'));
    expect(await nameOf(id)).toEqual({ display_name: 'Gran', name_chosen: true });
  }, 60_000);

  it('skipping keeps the generated name and is not asked again', async () => {
    const { user, id } = await signedInAt(paths.chooseName('/groups'));
    const before = await nameOf(id);
    await user.click(await screen.findByRole('button', { name: PROFILE_TEXTS.PROMPT_SKIP }));
    await waitFor(() => expect(location()).toBe('/groups'));
    expect(await nameOf(id)).toEqual({ display_name: before!.display_name, name_chosen: true });
  }, 60_000);

  it('sends someone who has chosen a name straight on', async () => {
    await signedInAt(paths.chooseName('/groups/g1'), { displayName: 'Already Named' });
    await waitFor(() => expect(location()).toBe('/groups/g1'));
  }, 60_000);
});
