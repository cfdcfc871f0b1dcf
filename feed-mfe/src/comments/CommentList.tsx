import { Link } from '@murmur/router';
import { profilePath } from '@murmur/config/routes';
import { newestComments, type Post } from '@murmur/data';
import { RelativeTime } from '../time/RelativeTime';

/** The first 4 comments after sorting newest first (docs/screens.md, "Post card"). */
export function CommentList({ post }: { post: Post }) {
  const comments = newestComments(post, 4);
  if (comments.length === 0) return null;
  return (
    <ul aria-label="Comments" className="mt-3 space-y-2">
      {comments.map((comment) => (
        <li key={comment._id} className="rounded-lg bg-slate-50 px-3 py-2 text-sm">
          <div className="flex items-baseline gap-2">
            <Link to={profilePath(comment.username)} className="font-semibold text-slate-900 hover:underline">
              {comment.username}
            </Link>
            <RelativeTime timestamp={comment.createdAt} className="text-xs text-slate-500" />
          </div>
          <p className="break-words whitespace-pre-wrap text-slate-700">{comment.text}</p>
        </li>
      ))}
    </ul>
  );
}
