import { Link } from '@murmur/router';
import { buttonClass } from '@murmur/ui';

/** An unknown username ends in a clear answer and a way out, never an endless spinner. */
export function UserNotFound({ username }: { username: string }) {
  return (
    <section className="rounded-xl bg-white p-8 text-center shadow-sm">
      <h1 className="text-xl font-bold text-slate-900">User not found</h1>
      <p className="mt-2 break-words text-slate-600">
        Nobody on Murmur has the username <span className="font-medium">@{username}</span>.
      </p>
      <Link to="/" className={buttonClass({}, 'mt-4 inline-block')}>
        Back to the feed
      </Link>
    </section>
  );
}
