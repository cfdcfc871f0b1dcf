import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useSetAtom } from 'jotai';
import { editProfileAtom, type User } from '@murmur/mock-api';
import { StatusMessage } from './StatusMessage';

interface EditProfileDialogProps {
  user: User;
  onClose: () => void;
}

const fieldClass =
  'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-100';

/**
 * The "Edit Profile" modal (spec 2, 4). It closes only after the save succeeds; a refused save keeps it open with
 * what was typed and says why.
 */
export function EditProfileDialog({ user, onClose }: EditProfileDialogProps) {
  const editProfile = useSetAtom(editProfileAtom);
  const [bio, setBio] = useState(user.bio);
  const [link, setLink] = useState(user.link);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const bioRef = useRef<HTMLTextAreaElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    bioRef.current?.focus();
  }, []);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    const result = await editProfile({ bio, link });
    setSaving(false);
    if (result.ok) onClose();
    else setError(`Could not save your profile: ${result.error}`);
  }

  // A modal keeps keyboard focus inside itself; Escape is the same as Cancel.
  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = dialogRef.current.querySelectorAll<HTMLElement>('textarea, input, button:not([disabled])');
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        className="w-full max-w-md rounded-xl bg-white p-5 shadow-xl"
      >
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          Edit Profile
        </h2>
        <form className="mt-4 space-y-4" onSubmit={(event) => void save(event)}>
          <label className="block text-sm font-medium text-slate-700">
            Bio
            <textarea
              ref={bioRef}
              value={bio}
              onChange={(event) => setBio(event.target.value)}
              rows={3}
              className={`${fieldClass} resize-y`}
            />
          </label>
          <label className="block text-sm font-medium text-slate-700">
            Url
            <input
              type="text"
              inputMode="url"
              value={link}
              onChange={(event) => setLink(event.target.value)}
              placeholder="https://"
              className={fieldClass}
            />
          </label>
          <StatusMessage message={error} onDismiss={() => setError(null)} />
          <div className="flex justify-end gap-2">
            <button
              type="button"
              onClick={onClose}
              className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
            >
              Cancel
            </button>
            <button
              type="submit"
              disabled={saving}
              className="rounded-md bg-teal-600 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:opacity-60"
            >
              Save
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
