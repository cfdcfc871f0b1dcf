import { describe, expect, it } from 'vitest';
import { loginAtom, logoutAtom } from '@murmur/data';
import { DEMO_ACCOUNT } from '@murmur/mock-api';
import { signedInStore, withMockServer } from '@murmur/test-kit';
import { failureNoticeAtom } from './failureNoticeAtom';

withMockServer();

describe('the failure notice', () => {
  it('shows in the session it was reported in', async () => {
    const store = await signedInStore();
    store.set(failureNoticeAtom, 'Could not like the post. Post not found.');
    expect(store.get(failureNoticeAtom)).toBe('Could not like the post. Post not found.');
  });

  it('is gone after logout, and stays gone for the next person who signs in', async () => {
    const store = await signedInStore();
    store.set(failureNoticeAtom, 'Could not follow. User not found.');
    store.set(logoutAtom);
    expect(store.get(failureNoticeAtom)).toBeNull();
    await store.set(loginAtom, { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
    expect(store.get(failureNoticeAtom)).toBeNull();
  });
});
