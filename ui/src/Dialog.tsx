import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';

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
 * A modal dialog named by its title. It opens with focus in its first field (caret at the end, ready to append),
 * keeps Tab inside itself, closes on Escape, and gives focus back to whatever had it when it opened.
 */
export function Dialog({ title, children, onClose, closeOnBackdrop = false, size = 'md' }: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const field = panel?.querySelector<HTMLInputElement | HTMLTextAreaElement>(
      'textarea:not([disabled]), input:not([disabled])',
    );
    if (field) {
      field.focus();
      // Input types without a caret (checkbox, email) have no selection to move.
      if (field.selectionStart !== null) field.setSelectionRange(field.value.length, field.value.length);
    } else {
      panel?.querySelector<HTMLElement>(focusableSelector)?.focus();
    }
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = [...(panelRef.current?.querySelectorAll<HTMLElement>(focusableSelector) ?? [])];
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

  const onBackdropMouseDown = (event: MouseEvent) => {
    if (closeOnBackdrop && event.target === event.currentTarget) onClose();
  };

  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4"
      onMouseDown={onBackdropMouseDown}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        className={`w-full ${size === 'lg' ? 'max-w-lg' : 'max-w-md'} rounded-xl bg-white p-5 shadow-xl`}
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
