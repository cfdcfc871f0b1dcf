import { useAtomValue } from 'jotai';
import { Link } from '@murmur/router';
import { sessionAtom } from '@murmur/data';
import { NavLinks } from './NavLinks';
import { UserMenu } from './UserMenu';
import { focusRing } from '@murmur/ui';

/**
 * Shown only with a session. On a phone the links take a row of their own under the brand and the menu, so that
 * nothing has to shrink below a comfortable tap size at 360 px.
 *
 * Every remote ships its own Tailwind stylesheet, loaded after the shell's, whose plain utilities (flex-1, px-3...)
 * would beat a responsive override here; so phone and wider styles use exclusive variants (max-sm: / sm:).
 */
export function TopBar() {
  const { user } = useAtomValue(sessionAtom);
  if (!user) return null;
  return (
    <header
      className={[
        'sticky top-0 z-20 border-b border-slate-200',
        'bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80',
      ].join(' ')}
    >
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-5xl items-center gap-x-6 max-sm:flex-wrap max-sm:px-3 sm:h-16 sm:px-4"
      >
        <Link
          to="/"
          className={[
            'flex items-center gap-2 rounded-md text-xl',
            `font-bold tracking-tight text-teal-700 max-sm:h-14 ${focusRing}`,
          ].join(' ')}
        >
          <span
            aria-hidden="true"
            className="grid h-8 w-8 place-items-center rounded-lg bg-teal-600 text-base text-white"
          >
            M
          </span>
          Murmur
        </Link>
        <div
          className={[
            'max-sm:order-last max-sm:-mx-3 max-sm:w-[calc(100%+1.5rem)]',
            'max-sm:border-t max-sm:border-slate-100 max-sm:px-1 sm:flex-1',
          ].join(' ')}
        >
          <NavLinks />
        </div>
        <div className="max-sm:ml-auto">
          <UserMenu user={user} />
        </div>
      </nav>
    </header>
  );
}
