import { Button } from './Button';

/** The one Retry button of every "could not be loaded" state; the caller places it (margins via className). */
export function RetryButton({ onRetry, className }: { onRetry: () => void; className?: string }) {
  return (
    <Button onClick={onRetry} className={className}>
      Retry
    </Button>
  );
}
