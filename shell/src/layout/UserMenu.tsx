import { startTransition } from 'react';
import { useSetAtom } from 'jotai';
import { useNavigate } from '@murmur/router';
import { profilePath, routes } from '@murmur/config/routes';
import { logoutAtom, type User } from '@murmur/data';
import { focusRing, MenuButton } from '@murmur/ui';
import { warmRemote } from '../federation/routePreload';

const itemClass = [
  'block w-full px-4 py-2.5 text-left text-sm text-slate-700 hover:bg-teal-50 hover:text-teal-900',
  'focus:bg-teal-50 focus:text-teal-900 focus:outline-none',
].join(' ');

/** The "User menu" button (the person's picture) and its menu: who is signed in, "Your Profile", "Log out". */
export function UserMenu({ user }: { user: User }) {
  const logout = useSetAtom(logoutAtom);
  const navigate = useNavigate();

  const goToProfile = () => navigate(profilePath(user.username));

  const logOut = () => {
    // The router moves in a transition; the logout joins it, or the guard would see the protected page without a
    // session first and remember it for the next login. Replacing keeps Back off a page that would bounce anyway.
    startTransition(() => {
      logout();
      navigate(routes.auth.path, { replace: true });
    });
  };

  // "Your Profile" is a menu item, not a link: pointing at (or focusing) the menu is the sign the profile may be next.
  const warmProfile = () => warmRemote(routes.profile.remote);

  return (
    <div className="contents" onPointerEnter={warmProfile} onFocus={warmProfile}>
      <MenuButton
        label="User menu"
        items={[
          { label: 'Your Profile', onSelect: goToProfile, className: itemClass },
          { label: 'Log out', onSelect: logOut, className: itemClass },
        ]}
        header={
          <div className="border-b border-slate-100 px-4 py-2.5">
            <p className="truncate text-sm font-medium text-slate-900">
              {user.firstName} {user.lastName}
            </p>
            <p className="truncate text-xs text-slate-500">@{user.username}</p>
          </div>
        }
        buttonClassName={[
          'flex items-center rounded-full p-0.5 ring-teal-600',
          `transition-shadow hover:ring-2 hover:ring-teal-100 aria-expanded:ring-2 ${focusRing}`,
        ].join(' ')}
        menuClassName={[
          'absolute right-0 z-30 mt-2 w-56 max-w-[calc(100vw-1.5rem)]',
          'overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg',
        ].join(' ')}
      >
        <img
          src={user.profilePic}
          alt=""
          width={36}
          height={36}
          className="h-9 w-9 rounded-full border border-slate-200 bg-teal-100 object-cover"
        />
      </MenuButton>
    </div>
  );
}
