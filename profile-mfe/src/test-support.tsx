/** Shared by profile-mfe's component tests (not itself a test): the profile route with a stand-in post list. */
import type { ComponentType } from 'react';
import { profilePath } from '@murmur/config/routes';
import type { LoadRemoteModule } from '@murmur/remote-kit';
import { renderAt, type Store } from '@murmur/test-kit';
import { ProfileApp } from './ProfileApp';

/**
 * The federation boundary: in the browser this loads feed-mfe's real post list; here a stand-in takes its place,
 * so the tests are about the profile, not about feed-mfe.
 */
export function StandInPostList({ username }: { username: string }) {
  return <p>Post list of @{username}</p>;
}

export const loadStandIn: LoadRemoteModule = async <T,>(id: string) => {
  if (id !== 'feed-mfe/UserPostList') throw new Error(`unexpected module ${id}`);
  return { default: StandInPostList as ComponentType<unknown> } as T;
};

export function renderProfile(username: string, store: Store, load: LoadRemoteModule = loadStandIn) {
  return renderAt(profilePath(username), <ProfileApp />, store, { loadRemoteModule: load });
}
