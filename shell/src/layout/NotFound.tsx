import { Link } from 'react-router-dom';

export function NotFound() {
  return (
    <main className="mx-auto mt-16 max-w-md p-6 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Page not found</h1>
      <p className="mt-2 text-slate-600">There is nothing at this address.</p>
      <Link to="/" className="mt-6 inline-block rounded-lg bg-teal-600 px-4 py-2 font-medium text-white hover:bg-teal-700">
        Go to your feed
      </Link>
    </main>
  );
}
