import { Link } from '@murmur/router';
import { buttonClass } from '@murmur/ui';

/** Any path no remote owns; with or without a session, "/" is the way back (the guard takes it on from there). */
export function NotFound() {
  return (
    <main className="mx-auto mt-16 max-w-md px-4 text-center">
      <p className="text-5xl font-bold text-teal-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Page not found</h1>
      <p className="mt-2 text-slate-600">There is nothing at this address. It may have moved, or never existed.</p>
      <Link to="/" className={buttonClass({ size: 'lg' }, 'mt-6 inline-block')}>
        Back to Murmur
      </Link>
    </main>
  );
}
