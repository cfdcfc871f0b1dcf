import type { ReactNode } from 'react';
import type { User } from '@murmur/data';
import { ProfileLink } from './ProfileLink';

interface ProfileCardProps {
  user: User;
  /** 'loading' until the posts are known and 'unknown' if they could not be fetched: never a wrong count. */
  postCount: number | 'loading' | 'unknown';
  /** "Edit Profile" on the viewer's own profile, "Follow"/"Unfollow" on anyone else's. */
  action: ReactNode;
}

/** Banner, picture, names, bio, link and counts (docs/screens.md, "Profile"). */
export function ProfileCard({ user, postCount, action }: ProfileCardProps) {
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.username;
  return (
    <section aria-label="Profile" className="overflow-hidden rounded-xl bg-white shadow-sm">
      <img src={user.profileBanner} alt="" className="h-32 w-full bg-teal-100 object-cover sm:h-40" />
      <div className="px-4 pb-4 sm:px-6">
        <div className="flex items-end justify-between gap-3">
          <img
            src={user.profilePic}
            alt={`Picture of ${fullName}`}
            className={[
              '-mt-10 h-20 w-20 shrink-0 rounded-full border-4 border-white',
              'bg-teal-100 object-cover sm:-mt-12 sm:h-24 sm:w-24',
            ].join(' ')}
          />
          <div className="pt-3">{action}</div>
        </div>
        <h1 className="mt-2 text-xl font-bold text-slate-900">{fullName}</h1>
        <p className="text-sm text-slate-500">@{user.username}</p>
        {user.bio ? <p className="mt-3 break-words whitespace-pre-line text-slate-800">{user.bio}</p> : null}
        <p className="mt-2 min-h-5 text-sm">
          <ProfileLink link={user.link} />
        </p>
        <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-600">
          <li>
            {postCount === 'loading' ? (
              <span className="inline-block h-4 w-14 animate-pulse rounded bg-slate-200 align-middle">
                <span className="sr-only">Counting posts…</span>
              </span>
            ) : (
              <Count text={`${postCount === 'unknown' ? '–' : postCount} Posts`} />
            )}
          </li>
          <li>
            <Count text={`${user.followers.length} Followers`} />
          </li>
          <li>
            <Count text={`${user.following.length} Following`} />
          </li>
        </ul>
      </div>
    </section>
  );
}

/**
 * The wording is fixed ("N Posts", even for one: docs/screens.md, "Profile"), each count one text, as a screen reader
 * reads it.
 */
function Count({ text }: { text: string }) {
  return <span className="font-medium text-slate-700">{text}</span>;
}
