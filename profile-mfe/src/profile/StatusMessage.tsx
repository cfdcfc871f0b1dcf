interface StatusMessageProps {
  message: string | null;
  onDismiss: () => void;
}

/**
 * The live region a refused write reports into (spec 2.1). It stays in the document while empty, so screen readers
 * already watch it when a message arrives.
 */
export function StatusMessage({ message, onDismiss }: StatusMessageProps) {
  return (
    <div role="status" aria-live="polite">
      {message ? (
        <div className="flex items-start justify-between gap-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <p>{message}</p>
          <button
            type="button"
            onClick={onDismiss}
            className="shrink-0 rounded px-1 font-medium text-red-900 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-700"
          >
            Dismiss
          </button>
        </div>
      ) : null}
    </div>
  );
}
