import { RetryButton } from '@murmur/ui';

/** The user could not be fetched: say so and offer another try, rather than spinning or claiming "not found". */
export function ProfileLoadFailed({ error, retry }: { error: string; retry: () => void }) {
  return (
    <section role="alert" className="rounded-xl bg-white p-8 text-center shadow-sm">
      <h1 className="text-xl font-bold text-slate-900">The profile could not be loaded</h1>
      <p className="mt-2 text-slate-600">{error}</p>
      <RetryButton onRetry={retry} className="mt-4" />
    </section>
  );
}
