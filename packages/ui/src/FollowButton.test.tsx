import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FollowButton } from './FollowButton';

describe('FollowButton', () => {
  it('reads Follow or Unfollow and toggles on a press', async () => {
    const user = userEvent.setup();
    const onToggle = vi.fn();
    const { rerender } = render(<FollowButton following={false} busy={false} onToggle={onToggle} />);
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect(onToggle).toHaveBeenCalledOnce();

    rerender(<FollowButton following busy={false} onToggle={onToggle} />);
    expect(screen.getByRole('button', { name: 'Unfollow' })).not.toHaveAttribute('aria-disabled');
  });

  it('while busy is aria-disabled, keeps focus, and ignores presses', async () => {
    const user = userEvent.setup();
    const onToggle = vi.fn();
    const { rerender } = render(<FollowButton following={false} busy={false} onToggle={onToggle} />);
    const button = screen.getByRole('button', { name: 'Follow' });
    button.focus();
    rerender(<FollowButton following={false} busy onToggle={onToggle} />);
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).not.toHaveAttribute('disabled');
    expect(button).toHaveFocus();
    await user.click(button);
    await user.keyboard('{Enter}');
    expect(onToggle).not.toHaveBeenCalled();
  });

  it('is described by the element it is given', () => {
    render(
      <>
        <span id="whom">@jonahwhit</span>
        <FollowButton following={false} busy={false} onToggle={() => {}} describedBy="whom" />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Follow' })).toHaveAccessibleDescription('@jonahwhit');
  });
});
