import { useState, type FormEvent } from 'react';
import { Dialog } from '@murmur/ui';

interface EditPostDialogProps {
  initialText: string;
  onCancel: () => void;
  onSave: (text: string) => void;
}

/** The modal "Post" (spec 2): a text box with Cancel and Save. */
export function EditPostDialog({ initialText, onCancel, onSave }: EditPostDialogProps) {
  const [text, setText] = useState(initialText);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSave(text);
  };

  return (
    <Dialog title="Post" onClose={onCancel} closeOnBackdrop size="lg">
      <form onSubmit={onSubmit} className="mt-3">
        <textarea
          aria-label="Post text"
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={5}
          className="block w-full resize-y rounded-lg border border-slate-300 p-3 text-slate-900 focus:border-teal-600 focus:ring-2 focus:ring-teal-100 focus:outline-none"
        />
        <div className="mt-4 flex justify-end gap-2">
          <button
            type="button"
            onClick={onCancel}
            className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-teal-600"
          >
            Cancel
          </button>
          <button
            type="submit"
            className="rounded-lg bg-teal-600 px-4 py-2 text-sm font-medium text-white hover:bg-teal-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
          >
            Save
          </button>
        </div>
      </form>
    </Dialog>
  );
}
