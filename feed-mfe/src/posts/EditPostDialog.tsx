import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';

interface EditPostDialogProps {
  initialText: string;
  onCancel: () => void;
  onSave: (text: string) => void;
}

/** The modal "Post" (spec 2): a text box with Cancel and Save. Escape cancels; Tab stays inside the dialog. */
export function EditPostDialog({ initialText, onCancel, onSave }: EditPostDialogProps) {
  const [text, setText] = useState(initialText);
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const field = textRef.current;
    field?.focus();
    field?.setSelectionRange(field.value.length, field.value.length);
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSave(text);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = [...(dialogRef.current?.querySelectorAll<HTMLElement>('textarea, button') ?? [])];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/40 p-4" onMouseDown={onCancel}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        onMouseDown={(event) => event.stopPropagation()}
        className="w-full max-w-lg rounded-xl bg-white p-5 shadow-xl"
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          Post
        </h2>
        <form onSubmit={onSubmit} className="mt-3">
          <textarea
            ref={textRef}
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
      </div>
    </div>
  );
}
