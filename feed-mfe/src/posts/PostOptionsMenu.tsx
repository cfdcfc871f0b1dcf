import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { MoreIcon } from '../ui/Icons';

interface PostOptionsMenuProps {
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/** "Post options": a menu button with Edit (own profile route only) and Delete, usable with the keyboard. */
export function PostOptionsMenu({ canEdit, onEdit, onDelete }: PostOptionsMenuProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const closeOnOutsideClick = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOnOutsideClick);
    return () => document.removeEventListener('mousedown', closeOnOutsideClick);
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      items[(index + 1) % items.length]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      items[(index - 1 + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  const item =
    'block w-full px-4 py-2 text-left text-sm hover:bg-slate-100 focus:bg-slate-100 focus:outline-none';

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label="Post options"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="rounded-full p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-teal-600"
      >
        <MoreIcon />
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Post options"
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-10 mt-1 w-36 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {canEdit ? (
            <button type="button" role="menuitem" tabIndex={-1} onClick={choose(onEdit)} className={`${item} text-slate-800`}>
              Edit
            </button>
          ) : null}
          <button type="button" role="menuitem" tabIndex={-1} onClick={choose(onDelete)} className={`${item} text-red-700`}>
            Delete
          </button>
        </div>
      ) : null}
    </div>
  );
}
