import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LoadRemoteModule, RemoteModuleId } from './remoteLoader';
import { useRemoteModule } from './useRemoteModule';

/** A loader whose answers the test gives by hand, the way a slow or failing network would. */
function manualLoader() {
  const calls: { id: string; retry: boolean; resolve: (value: unknown) => void; reject: (error: Error) => void }[] = [];
  const load = ((id: RemoteModuleId, options?: { retry?: boolean }) =>
    new Promise<unknown>((resolve, reject) =>
      calls.push({ id, retry: options?.retry ?? false, resolve, reject }),
    )) as LoadRemoteModule;
  return { load, calls };
}

function Probe({ load, id }: { load: LoadRemoteModule | null; id: RemoteModuleId }) {
  const state = useRemoteModule<{ label: string }>(load, id);
  if (state.status === 'loading') return <p>loading</p>;
  if (state.status === 'failed') {
    return (
      <button type="button" onClick={state.retry}>
        failed: {state.error.message}
      </button>
    );
  }
  return <p>ready: {state.module.label}</p>;
}

describe('useRemoteModule', () => {
  it('is loading until the module arrives, then ready with it', async () => {
    const { load, calls } = manualLoader();
    render(<Probe load={load} id="feed-mfe/UserPostList" />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(calls.map((call) => call.id)).toEqual(['feed-mfe/UserPostList']);
    await act(async () => calls[0]?.resolve({ label: 'posts' }));
    expect(screen.getByText('ready: posts')).toBeInTheDocument();
  });

  it('reports a failure, and a retry asks again with retry set, then shows the module', async () => {
    const { load, calls } = manualLoader();
    render(<Probe load={load} id="profile-mfe/app" />);
    await act(async () => calls[0]?.reject(new Error('connection refused')));
    const failed = screen.getByRole('button', { name: 'failed: connection refused' });
    act(() => failed.click());
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(calls.map((call) => call.retry)).toEqual([false, true]);
    await act(async () => calls[1]?.resolve({ label: 'profile' }));
    expect(screen.getByText('ready: profile')).toBeInTheDocument();
  });

  it('ignores the answer of a request that is no longer current', async () => {
    const { load, calls } = manualLoader();
    const { rerender } = render(<Probe load={load} id="feed-mfe/app" />);
    rerender(<Probe load={load} id="profile-mfe/app" />);
    await act(async () => calls[0]?.resolve({ label: 'feed' }));
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => calls[1]?.resolve({ label: 'profile' }));
    expect(screen.getByText('ready: profile')).toBeInTheDocument();
  });

  it('fails clearly when no loader was provided', async () => {
    render(<Probe load={null} id="feed-mfe/app" />);
    expect(
      await screen.findByRole('button', { name: 'failed: No remote module loader was provided' }),
    ).toBeInTheDocument();
  });
});
