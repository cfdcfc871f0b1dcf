import { startTransition, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { logoutAtom, type User } from '@murmur/mock-api';

type FocusTarget = 'first' | 'last';

const itemClass =
  'block w-full px-4 py-2.5 text-left text-sm text-slate-700 hover:bg-teal-50 hover:text-teal-900 focus:bg-teal-50 focus:text-teal-900 focus:outline-none';

/**
 * The "User menu" button (the person's picture) and its menu, after the WAI-ARIA menu button pattern: arrows move
 * between items, Escape closes and gives focus back to the button, Tab or a click elsewhere closes.
 */
export function UserMenu({ user }: { user: User }) {
  const [openWith, setOpenWith] = useState<FocusTarget | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const logout = useSetAtom(logoutAtom);
  const navigate = useNavigate();
  const open = openWith !== null;

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!openWith) return;
    const all = items();
    (openWith === 'first' ? all[0] : all.at(-1))?.focus();
    const closeOnOutsideClick = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpenWith(null);
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    return () => document.removeEventListener('pointerdown', closeOnOutsideClick);
  }, [openWith]);

  const closeAndRefocus = () => {
    setOpenWith(null);
    buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpenWith(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => all[(i + all.length) % all.length]?.focus();
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        closeAndRefocus();
        break;
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(-1);
        break;
      case 'Tab':
        setOpenWith(null);
        break;
    }
  };

  const goToProfile = () => {
    setOpenWith(null);
    navigate(`/profile/${encodeURIComponent(user.username)}`);
  };

  const logOut = () => {
    setOpenWith(null);
    // The router moves in a transition; the logout joins it, or the guard would see the protected page without a
    // session first and remember it for the next login. Replacing keeps Back off a page that would bounce anyway.
    startTransition(() => {
      logout();
      navigate('/auth', { replace: true });
    });
  };

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label="User menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpenWith(null) : setOpenWith('first'))}
        onKeyDown={onButtonKeyDown}
        className="flex items-center rounded-full p-0.5 ring-teal-600 transition-shadow hover:ring-2 hover:ring-teal-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 aria-expanded:ring-2"
      >
        <img
          src={user.profilePic}
          alt=""
          width={36}
          height={36}
          className="h-9 w-9 rounded-full border border-slate-200 bg-teal-100 object-cover"
        />
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="User menu"
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-30 mt-2 w-56 max-w-[calc(100vw-1.5rem)] overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
        >
          <div role="none" className="border-b border-slate-100 px-4 py-2.5">
            <p className="truncate text-sm font-medium text-slate-900">
              {user.firstName} {user.lastName}
            </p>
            <p className="truncate text-xs text-slate-500">@{user.username}</p>
          </div>
          <button type="button" role="menuitem" tabIndex={-1} className={itemClass} onClick={goToProfile}>
            Your Profile
          </button>
          <button type="button" role="menuitem" tabIndex={-1} className={itemClass} onClick={logOut}>
            Log out
          </button>
        </div>
      ) : null}
    </div>
  );
}
