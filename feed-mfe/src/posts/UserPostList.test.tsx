import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createPostAtom, postsStateAtom } from '@murmur/data';
import { DEMO_ACCOUNT } from '@murmur/mock-api';
import { renderAt, signedInStore, withMockServer, type Store } from '@murmur/test-kit';
import UserPostList from './UserPostList';

withMockServer();

let store: Store;
beforeEach(async () => {
  store = await signedInStore();
});

const me = DEMO_ACCOUNT.username;
const ownProfile = `/profile/${me}`;

async function openOptions(card: HTMLElement) {
  await userEvent.setup().click(within(card).getByRole('button', { name: 'Post options' }));
  return screen.getByRole('menu', { name: 'Post options' });
}

describe('UserPostList (exposed to profile-mfe)', () => {
  it("fetches the posts itself and shows only that user's, newest first", async () => {
    expect(store.get(postsStateAtom).status).not.toBe('pending');
    renderAt('/profile/priyaraman', <UserPostList username="priyaraman" />, store);
    expect(screen.getByText('Loading posts…')).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'priyaraman' });
    expect(within(card).getByText(/water towers on Elm Street/)).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('says when the user has no posts', async () => {
    renderAt(ownProfile, <UserPostList username={me} />, store);
    expect(await screen.findByText(`@${me} has not posted anything yet.`)).toBeInTheDocument();
  });

  it("offers Edit and Delete on the viewer's own profile route only", async () => {
    await store.set(createPostAtom, 'On my own page');
    const view = renderAt(ownProfile, <UserPostList username={me} />, store);
    const menu = await openOptions(await screen.findByRole('article', { name: me }));
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit', 'Delete']);
    view.unmount();

    // The same post listed on another route (e.g. a profile page listing it under someone else's route).
    renderAt('/profile/tomaslind', <UserPostList username={me} />, store);
    const elsewhere = await openOptions(await screen.findByRole('article', { name: me }));
    expect(
      within(elsewhere)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Delete']);
  });

  it("shows no options on someone else's posts, even on the viewer's own route", async () => {
    renderAt(ownProfile, <UserPostList username="tomaslind" />, store);
    const card = await screen.findByRole('article', { name: 'tomaslind' });
    expect(within(card).queryByRole('button', { name: 'Post options' })).not.toBeInTheDocument();
  });

  it('Edit opens the "Post" dialog; Cancel changes nothing, Save closes at once and shows the new text', async () => {
    const user = userEvent.setup();
    await store.set(createPostAtom, 'First draft');
    renderAt(ownProfile, <UserPostList username={me} />, store);
    const card = await screen.findByRole('article', { name: me });

    await user.click(within(await openOptions(card)).getByRole('menuitem', { name: 'Edit' }));
    let dialog = screen.getByRole('dialog', { name: 'Post' });
    const field = within(dialog).getByRole('textbox');
    expect(field).toHaveValue('First draft');
    expect(field).toHaveFocus();
    await user.type(field, ' (not kept)');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(card).getByText('First draft')).toBeInTheDocument();

    await user.click(within(await openOptions(card)).getByRole('menuitem', { name: 'Edit' }));
    dialog = screen.getByRole('dialog', { name: 'Post' });
    expect(within(dialog).getByRole('textbox')).toHaveValue('First draft');
    await user.clear(within(dialog).getByRole('textbox'));
    await user.type(within(dialog).getByRole('textbox'), 'Final version');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(within(card).getByText('Final version')).toBeInTheDocument());
    expect(within(card).queryByText('First draft')).not.toBeInTheDocument();
  });

  it('a refused edit keeps the old text, says so, and keeps what was typed for the next Edit', async () => {
    const user = userEvent.setup();
    await store.set(createPostAtom, 'Keep me');
    renderAt(ownProfile, <UserPostList username={me} />, store);
    const card = await screen.findByRole('article', { name: me });
    await user.click(within(await openOptions(card)).getByRole('menuitem', { name: 'Edit' }));
    const field = within(screen.getByRole('dialog', { name: 'Post' })).getByRole('textbox');
    await user.clear(field);
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^Could not save your post\. .+/));
    expect(within(card).getByText('Keep me')).toBeInTheDocument();
    await user.click(within(await openOptions(card)).getByRole('menuitem', { name: 'Edit' }));
    expect(within(screen.getByRole('dialog', { name: 'Post' })).getByRole('textbox')).toHaveValue('   ');
  });

  it('Escape closes the dialog and gives focus back to the options button', async () => {
    const user = userEvent.setup();
    await store.set(createPostAtom, 'Escape hatch');
    renderAt(ownProfile, <UserPostList username={me} />, store);
    const card = await screen.findByRole('article', { name: me });
    await user.click(within(await openOptions(card)).getByRole('menuitem', { name: 'Edit' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Post options' })).toHaveFocus();
  });
});
