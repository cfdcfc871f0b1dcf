import { render, screen } from '@testing-library/react';
import { ErrorBoundary } from 'react-error-boundary';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppCrashed } from './AppCrashed';

function BrokenTopBar(): never {
  throw new Error('top bar exploded');
}

describe("the shell's error boundary", () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows what happened and the ways back instead of a blank page', () => {
    // React reports the caught error on the console; the test is about what the person sees.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary FallbackComponent={AppCrashed}>
        <BrokenTopBar />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Murmur stopped working' })).toBeInTheDocument();
    expect(screen.getByText('top bar exploded')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the feed' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
