/** The one Retry button of every "could not be loaded" state; the caller places it (margins via className). */
export function RetryButton({ onRetry, className = '' }: { onRetry: () => void; className?: string }) {
  return (
    <button
      type="button"
      onClick={onRetry}
      className={`rounded-lg bg-teal-600 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 ${className}`}
    >
      Retry
    </button>
  );
}
