import { useState, type FormEvent } from 'react';
import { Button, Dialog } from '@murmur/ui';

interface EditPostDialogProps {
  initialText: string;
  onCancel: () => void;
  onSave: (text: string) => void;
}

/** The modal "Post" (docs/screens.md, "Post card"): a text box with Cancel and Save. */
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
          className={[
            'block w-full resize-y rounded-lg border border-slate-300 p-3 text-slate-900',
            'focus:border-teal-600 focus:ring-2 focus:ring-teal-100 focus:outline-none',
          ].join(' ')}
        />
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Save</Button>
        </div>
      </form>
    </Dialog>
  );
}
