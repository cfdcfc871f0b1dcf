import { useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { latestPostsAtom } from '@murmur/mock-api';
import { AppScope } from '@murmur/remote-kit';
import { FailureNotice } from '../notices/FailureNotice';
import { PostList } from './PostList';
import { usePostsLoaded, useUsersLoaded } from './usePostsData';
// The exposed module renders inside profile-mfe's page: feed-mfe's styles travel with it.
import '../styles.css';

/**
 * One user's posts, newest first, with the feed's post card; exposed to profile-mfe as `murmur_feed/UserPostList`.
 * On `/profile/<session username>` the viewer's own posts offer Edit.
 */
export default function UserPostList({ username }: { username: string }) {
  const allPosts = useAtomValue(latestPostsAtom);
  const posts = useMemo(() => allPosts.filter((post) => post.username === username), [allPosts, username]);
  usePostsLoaded();
  useUsersLoaded();
  return (
    <AppScope app="feed-mfe">
      <PostList posts={posts} label={`Posts by ${username}`} empty={<p>@{username} has not posted anything yet.</p>} />
      <FailureNotice />
    </AppScope>
  );
}
