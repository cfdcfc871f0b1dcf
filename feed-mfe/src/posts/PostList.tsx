import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link } from 'react-router-dom';
import { fetchPostsAtom, latestPostsAtom, postsStateAtom } from '@murmur/mock-api';

export function PostList() {
  const posts = useAtomValue(latestPostsAtom);
  const { status } = useAtomValue(postsStateAtom);
  const fetchPosts = useSetAtom(fetchPostsAtom);
  useEffect(() => {
    void fetchPosts();
  }, [fetchPosts]);
  if (status === 'pending' && posts.length === 0) return <p>Loading posts…</p>;
  return (
    <ul className="space-y-3">
      {posts.map((post) => (
        <li key={post._id}>
          <article className="rounded-lg bg-white p-4 shadow-sm">
            <Link className="font-semibold text-teal-700" to={`/profile/${post.username}`}>
              @{post.username}
            </Link>
            <p>{post.content}</p>
          </article>
        </li>
      ))}
    </ul>
  );
}
