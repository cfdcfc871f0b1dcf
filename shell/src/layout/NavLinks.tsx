import { NavLink } from '@murmur/router';
import { navLinks } from '@murmur/config/routes';
import { focusRing } from '@murmur/ui';
import { NewPostsBadge } from './NewPostsBadge';

/**
 * The destinations of the top bar (packages/config/routes.js); NavLink marks the current one with aria-current="page".
 * NewsFeed tells of new posts while another screen shows (the feed itself offers them).
 */
export function NavLinks() {
  return (
    <ul className="flex items-center gap-1 max-sm:justify-around max-sm:py-1.5">
      {navLinks.map(({ path, label }) => (
        <li key={path} className="max-sm:flex-1">
          <NavLink
            to={path}
            end
            className={({ isActive }) =>
              `block rounded-lg px-3 py-2 text-center text-sm font-medium transition-colors ${focusRing} ${
                isActive ? 'bg-teal-100 text-teal-800' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
              }`
            }
          >
            {({ isActive }) => (
              <>
                {label}
                {path === '/' && !isActive && <NewPostsBadge />}
              </>
            )}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
