import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useBusyAction } from './useBusyAction';

function Probe({ action }: { action: () => Promise<string> }) {
  const [busy, run] = useBusyAction();
  return (
    <button type="button" aria-busy={busy} onClick={() => void run(action)}>
      send
    </button>
  );
}

describe('useBusyAction', () => {
  it('is busy while the action runs, ignores presses meanwhile, and is free again once it settles', async () => {
    let calls = 0;
    let finish: (value: string) => void = () => {};
    const action = () => {
      calls += 1;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    render(<Probe action={action} />);
    const button = screen.getByRole('button', { name: 'send' });

    act(() => {
      button.click();
      button.click();
    });
    expect(calls).toBe(1);
    expect(button).toHaveAttribute('aria-busy', 'true');

    await act(async () => finish('done'));
    expect(button).toHaveAttribute('aria-busy', 'false');
    act(() => button.click());
    expect(calls).toBe(2);
  });

  it('is free again after an action that fails', async () => {
    let fail: (error: Error) => void = () => {};
    const action = () => new Promise<string>((_resolve, reject) => (fail = reject));
    function Failing() {
      const [busy, run] = useBusyAction();
      return (
        <button type="button" aria-busy={busy} onClick={() => void run(action).catch(() => undefined)}>
          send
        </button>
      );
    }
    render(<Failing />);
    const button = screen.getByRole('button', { name: 'send' });
    act(() => button.click());
    await act(async () => fail(new Error('refused')));
    expect(button).toHaveAttribute('aria-busy', 'false');
  });
});
