import { render, screen } from '@testing-library/react';
import { ErrorBoundary } from 'react-error-boundary';
import { afterEach, describe, expect, it, vi } from 'vitest';

// As `vite build` sets it (base './', so that one build serves from any URL); hoisted above the import below, which
// may read it when the module loads.
vi.hoisted(() => vi.stubEnv('BASE_URL', './'));

const { AppCrashed } = await import('./AppCrashed');

function BrokenTopBar(): never {
  throw new Error('top bar exploded');
}

function renderCrash() {
  // React reports the caught error on the console; the test is about what the person sees.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <ErrorBoundary FallbackComponent={AppCrashed}>
      <BrokenTopBar />
    </ErrorBoundary>,
  );
}

describe("the shell's error boundary", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.querySelector('base')?.remove();
  });

  it('shows what happened and the ways back instead of a blank page', () => {
    renderCrash();
    expect(screen.getByRole('heading', { name: 'Murmur stopped working' })).toBeInTheDocument();
    expect(screen.getByText('top bar exploded')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the feed' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it("leads to the feed from the release store's live page, whose <base> points into its version folder", () => {
    document.head.append(Object.assign(document.createElement('base'), { href: '/3a0c51e0f2b4-9a712f8/' }));
    renderCrash();
    const link = screen.getByRole('link', { name: 'Go to the feed' }) as HTMLAnchorElement;
    expect(link.href).toBe(`${window.location.origin}/`);
  });
});
