import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { Link, useLocation } from '@murmur/router';
import { profilePath } from '@murmur/config/routes';
import {
  deletePostAtom,
  editPostAtom,
  isLikedBy,
  toggleBookmarkAtom,
  toggleLikeAtom,
  type ActionResult,
  type Post,
  type User,
} from '@murmur/data';
import { CommentForm } from '../comments/CommentForm';
import { CommentList } from '../comments/CommentList';
import { useClearFailure, useReportFailure } from '../notices/failureNoticeAtom';
import { RelativeTime } from '../time/RelativeTime';
import { Avatar } from '../ui/Avatar';
import { EditPostDialog } from './EditPostDialog';
import { PostActions } from './PostActions';
import { PostOptionsMenu } from './PostOptionsMenu';
import { feedArticleProps, type FeedPosition } from './feedArticle';

interface PostCardProps {
  post: Post;
  /** The author's user record, once the users list has arrived. */
  author: User | undefined;
  viewer: User | null;
  bookmarked: boolean;
  /** Called after this post was deleted, so the list can put focus somewhere sensible. */
  onDeleted?: () => void;
  /** Where the card sits in a feed, when it is one of a feed's articles. */
  feedPosition?: FeedPosition;
}

export function PostCard({ post, author, viewer, bookmarked, onDeleted, feedPosition }: PostCardProps) {
  const toggleLike = useSetAtom(toggleLikeAtom);
  const toggleBookmark = useSetAtom(toggleBookmarkAtom);
  const deletePost = useSetAtom(deletePostAtom);
  const editPost = useSetAtom(editPostAtom);
  const reportFailure = useReportFailure();
  const clearFailure = useClearFailure();
  const { pathname } = useLocation();
  const [editing, setEditing] = useState(false);
  // A refused edit keeps what the person typed for the next time they open Edit.
  const [unsavedEdit, setUnsavedEdit] = useState<string | null>(null);

  const isAuthor = viewer !== null && viewer.username === post.username;
  const onOwnProfile = viewer !== null && pathname.replace(/\/+$/, '') === profilePath(viewer.username);
  const liked = viewer !== null && isLikedBy(post, viewer.username);

  const report = (result: ActionResult, failure: string) => {
    if (result.ok) clearFailure();
    else reportFailure(failure, result.error);
  };

  const onDelete = async () => {
    const result = await deletePost(post._id);
    if (result.ok) {
      clearFailure();
      onDeleted?.();
    } else {
      reportFailure('Could not delete the post', result.error);
    }
  };

  // The dialog closes as soon as Save is pressed; the card shows the new text once the call succeeds (docs/screens.md,
  // "Post card").
  const onSave = async (content: string) => {
    setEditing(false);
    const result = await editPost({ postId: post._id, content });
    if (result.ok) {
      setUnsavedEdit(null);
      clearFailure();
    } else {
      setUnsavedEdit(content);
      reportFailure('Could not save your post', result.error);
    }
  };

  return (
    <article
      aria-labelledby={`post-${post._id}-author`}
      {...(feedPosition ? feedArticleProps(feedPosition) : {})}
      className={[
        'rounded-xl border border-slate-200 bg-white p-4 shadow-sm',
        'focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-600',
      ].join(' ')}
    >
      <header className="flex items-start gap-3">
        <Avatar src={author?.profilePic} username={post.username} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline gap-x-2">
            <Link
              id={`post-${post._id}-author`}
              to={profilePath(post.username)}
              className="truncate font-semibold text-slate-900 hover:underline"
            >
              {post.username}
            </Link>
            {author ? (
              <span className="truncate text-sm text-slate-500">
                {author.firstName} {author.lastName}
              </span>
            ) : null}
            <span aria-hidden="true" className="text-slate-300">
              ·
            </span>
            <RelativeTime timestamp={post.createdAt} className="text-sm text-slate-500" />
          </div>
          <p className="mt-1 break-words whitespace-pre-wrap text-slate-800">{post.content}</p>
        </div>
        {isAuthor ? (
          <PostOptionsMenu canEdit={onOwnProfile} onEdit={() => setEditing(true)} onDelete={() => void onDelete()} />
        ) : null}
      </header>
      <PostActions
        liked={liked}
        likeCount={post.likes.likeCount}
        commentCount={post.comments.length}
        bookmarked={bookmarked}
        // Each press shows at once; presses while a request is on its way are kept, and the last one wins.
        onLike={() =>
          void toggleLike(post._id).then((result) =>
            report(result, liked ? 'Could not unlike the post' : 'Could not like the post'),
          )
        }
        onBookmark={() =>
          void toggleBookmark(post._id).then((result) =>
            report(result, bookmarked ? 'Could not remove the bookmark' : 'Could not bookmark the post'),
          )
        }
      />
      <CommentList post={post} />
      <CommentForm postId={post._id} />
      {editing ? (
        <EditPostDialog
          initialText={unsavedEdit ?? post.content}
          onCancel={() => setEditing(false)}
          onSave={(content) => void onSave(content)}
        />
      ) : null}
    </article>
  );
}
