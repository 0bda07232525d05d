import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GROUP_RULE_MESSAGES, paths } from '@snapshire/contracts';
import { disposeData, initData } from '@snapshire/data';
import { startComponentBackend, uniqueEmail, type ComponentBackend } from '@snapshire/backend/testing';
import { renderOnBackend } from '../../shared/testing/renderOnBackend.tsx';
import { AUTHOR_PASSWORD, insertAuthor } from '../../shared/testing/browseWorld.ts';
import NewGroupPage from './NewGroupPage.tsx';

let backend: ComponentBackend;
let email: string;

beforeAll(async () => {
  backend = await startComponentBackend();
  email = uniqueEmail('organiser');
  await insertAuthor(backend, email);
});
afterAll(async () => {
  await backend?.stop();
});
afterEach(() => disposeData());

describe('NewGroupPage', () => {
  it('says beside the name field that it needs a name, focuses it, and clears the message once one is typed', async () => {
    const { error } = await initData(backend.config).supabase.auth.signInWithPassword({
      email,
      password: AUTHOR_PASSWORD,
    });
    if (error) throw error;
    renderOnBackend(backend.config, { initialEntries: [paths.newGroup()], newGroup: <NewGroupPage /> });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Create group' }));

    const name = screen.getByRole('textbox', { name: /Name/ });
    await waitFor(() => expect(name).toHaveAccessibleDescription(GROUP_RULE_MESSAGES.group_name_required));
    expect(name).toBeInvalid();
    expect(name).toHaveFocus();
    // Said once, at the field, not again in the form's feedback under the buttons.
    expect(screen.getAllByText(GROUP_RULE_MESSAGES.group_name_required)).toHaveLength(1);

    await u.type(name, 'Harbour walks');
    expect(screen.queryByText(GROUP_RULE_MESSAGES.group_name_required)).not.toBeInTheDocument();
    expect(name).toBeValid();
  });
});
