import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import clsx from 'clsx';

interface DialogProps {
  /** The visible heading, which is also the dialog's accessible name. */
  title: string;
  children: ReactNode;
  /** Escape, and a press on the backdrop where allowed, ask for this; the caller unmounts the dialog. */
  onClose: () => void;
  /** A press outside the panel closes it: fine for a short edit, not where typed work would be lost. */
  closeOnBackdrop?: boolean;
  size?: 'md' | 'lg';
}

const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * A modal dialog named by its title, on the native `<dialog>` shown with showModal(): the browser puts it in the top
 * layer above every app's stacking, makes the rest of the page inert and draws the backdrop. It opens with focus in
 * its first field (caret at the end, ready to append), keeps Tab inside itself rather than letting it leave for the
 * browser's toolbar, closes on Escape, and gives focus back to whatever had it when it opened.
 */
export function Dialog({ title, children, onClose, closeOnBackdrop = false, size = 'md' }: DialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (!dialog) return;
    dialog.showModal();
    const field = dialog.querySelector<HTMLInputElement | HTMLTextAreaElement>(
      'textarea:not([disabled]), input:not([disabled])',
    );
    if (field) {
      field.focus();
      // Input types without a caret (checkbox, email) have no selection to move.
      if (field.selectionStart !== null) field.setSelectionRange(field.value.length, field.value.length);
    } else {
      dialog.querySelector<HTMLElement>(focusableSelector)?.focus();
    }
    return () => {
      // On unmount the element is already gone, which takes it out of the top layer. StrictMode's rehearsal leaves it
      // in place, open: closed here, it can be shown again.
      if (dialog.isConnected && dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      // The browser would close the element itself; the caller unmounts it instead, so its state says closed too.
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = [...(dialogRef.current?.querySelectorAll<HTMLElement>(focusableSelector) ?? [])];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // Any other close request the browser makes (a back gesture, Escape with focus nowhere in the dialog).
  const onCancel = (event: SyntheticEvent) => {
    event.preventDefault();
    onClose();
  };

  // The panel fills the element, so a press that lands on the element itself is on its ::backdrop. Its default would
  // take focus from the field (or, once closed, from the opener it went back to) and leave it nowhere.
  const onMouseDown = (event: MouseEvent) => {
    if (event.target !== event.currentTarget) return;
    event.preventDefault();
    if (closeOnBackdrop) onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
      onMouseDown={onMouseDown}
      className={clsx(
        'm-auto w-[calc(100%-2rem)] rounded-xl bg-white shadow-xl backdrop:bg-slate-900/40',
        size === 'lg' ? 'max-w-lg' : 'max-w-md',
      )}
    >
      <div className="p-5">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
