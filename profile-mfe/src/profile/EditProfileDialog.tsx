import { useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { editProfileAtom, type User } from '@murmur/data';
import { Button, Dialog, StatusMessage } from '@murmur/ui';

interface EditProfileDialogProps {
  user: User;
  onClose: () => void;
}

const fieldClass =
  'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-sm ' +
  'focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-100';

/**
 * The "Edit Profile" modal (docs/screens.md, "Profile"). It closes only after the save succeeds; a refused save keeps
 * it open with what was typed and says why.
 */
export function EditProfileDialog({ user, onClose }: EditProfileDialogProps) {
  const editProfile = useSetAtom(editProfileAtom);
  const [bio, setBio] = useState(user.bio);
  const [link, setLink] = useState(user.link);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    const result = await editProfile({ bio, link });
    setSaving(false);
    if (result.ok) onClose();
    else setError(`Could not save your profile: ${result.error}`);
  }

  return (
    <Dialog title="Edit Profile" onClose={onClose}>
      <form className="mt-4 space-y-4" onSubmit={(event) => void save(event)}>
        <label className="block text-sm font-medium text-slate-700">
          Bio
          <textarea
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
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
