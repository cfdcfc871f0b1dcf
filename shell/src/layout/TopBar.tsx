import { useAtomValue } from 'jotai';
import { Link, NavLink } from 'react-router-dom';
import { sessionAtom } from '@murmur/mock-api';
import { UserMenu } from './UserMenu';

const links = [
  { to: '/', label: 'NewsFeed' },
  { to: '/bookmark', label: 'Bookmark' },
  { to: '/explore', label: 'Explore' },
] as const;

/** Shown only with a session. NavLink marks the current link with aria-current="page". */
export function TopBar() {
  const { user } = useAtomValue(sessionAtom);
  if (!user) return null;
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-14 max-w-5xl items-center gap-2 px-3 sm:gap-6 sm:px-4">
        <Link to="/" className="text-lg font-bold tracking-tight text-teal-700 sm:text-xl">
          Murmur
        </Link>
        <ul className="flex flex-1 items-center gap-1 sm:gap-2">
          {links.map(({ to, label }) => (
            <li key={to}>
              <NavLink
                to={to}
                end
                className={({ isActive }) =>
                  `rounded-md px-2 py-1.5 text-sm font-medium sm:px-3 ${
                    isActive ? 'bg-teal-100 text-teal-900' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
                  }`
                }
              >
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
        <UserMenu user={user} />
      </nav>
    </header>
  );
}
