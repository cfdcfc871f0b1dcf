import { focusRing } from './Button';
interface StatusMessageProps {
  message: string | null;
  onDismiss: () => void;
  /** Floats at the bottom of the viewport, for a message about something anywhere on a long page. */
  floating?: boolean;
}

/**
 * The live region a refused write reports into (docs/screens.md, "Failed writes are reported"). It stays in the
 * document while empty, so screen readers already watch it when a message arrives.
 */
export function StatusMessage({ message, onDismiss, floating = false }: StatusMessageProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      // Mutually exclusive breakpoints: another app's sheet with a plain `inset-x-3` cannot undo a `sm:` override.
      className={
        floating ? 'pointer-events-none fixed bottom-4 z-30 flex justify-center max-sm:inset-x-3 sm:right-6' : undefined
      }
    >
      {message ? (
        <div
          className={`flex items-start justify-between gap-3 border border-red-200 text-sm text-red-800 ${
            floating
              ? 'pointer-events-auto max-w-md rounded-lg bg-white px-4 py-3 shadow-lg'
              : 'rounded-md bg-red-50 px-3 py-2'
          }`}
        >
          <p className="flex-1">{message}</p>
          <button
            type="button"
            onClick={onDismiss}
            className={`shrink-0 rounded px-1 font-medium text-red-700 hover:bg-red-100 ${focusRing}`}
          >
            Dismiss
          </button>
        </div>
      ) : null}
    </div>
  );
}
