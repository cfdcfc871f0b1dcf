import { AppScope } from '@murmur/remote-kit';
import { FailureNotice } from '../notices/FailureNotice';
import { PostList } from './PostList';
import { usePostList } from './usePostList';
// The exposed module renders inside profile-mfe's page: feed-mfe's styles travel with it.
import '../styles.css';

/**
 * One user's posts, newest first, a page at a time, with the feed's post card; exposed to profile-mfe as
 * `feed-mfe/UserPostList`. On `/profile/<session username>` the viewer's own posts offer Edit.
 */
export default function UserPostList({ username }: { username: string }) {
  const list = usePostList({ kind: 'user', username });
  return (
    <AppScope app="feed-mfe">
      <PostList {...list} label={`Posts by ${username}`} empty={<p>@{username} has not posted anything yet.</p>} />
      <FailureNotice />
    </AppScope>
  );
}
