import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { fetchPostsAtom, fetchUsersAtom, postsStateAtom, usersStateAtom } from '@murmur/mock-api';

/**
 * The posts of the feed pages: fetched on mount, and again whenever the bookmarks, the comments or the edited flag
 * change (spec 4), so changes made elsewhere show up too.
 */
export function useRefreshingPosts(): void {
  const fetchPosts = useSetAtom(fetchPostsAtom);
  const { bookmarks, comments, postIsEdited } = useAtomValue(postsStateAtom);
  useEffect(() => {
    void fetchPosts();
  }, [fetchPosts, bookmarks, comments, postIsEdited]);
}

/** For a list shown inside another page (profile-mfe): fetch only if nobody has yet. */
export function usePostsLoaded(): void {
  const fetchPosts = useSetAtom(fetchPostsAtom);
  const { status, posts } = useAtomValue(postsStateAtom);
  const needed = status === 'idle' && posts.length === 0;
  useEffect(() => {
    if (needed) void fetchPosts();
  }, [needed, fetchPosts]);
}

/** Authors' pictures come from the users list; fetch it unless it is already there or on its way. */
export function useUsersLoaded(): void {
  const fetchUsers = useSetAtom(fetchUsersAtom);
  const { userStatus } = useAtomValue(usersStateAtom);
  const needed = userStatus === 'idle';
  useEffect(() => {
    if (needed) void fetchUsers();
  }, [needed, fetchUsers]);
}
