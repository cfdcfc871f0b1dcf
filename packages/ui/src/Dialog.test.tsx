import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog';

/** An opener and the dialog it shows, closed the way a caller closes it: by unmounting it. */
function Harness({
  closeOnBackdrop = false,
  onClosed = () => {},
}: {
  closeOnBackdrop?: boolean;
  onClosed?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    onClosed();
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? (
        <Dialog title="Edit thing" onClose={close} closeOnBackdrop={closeOnBackdrop}>
          <textarea aria-label="Text" defaultValue="Some words" />
          <input aria-label="Link" />
          <button type="button" onClick={close}>
            Cancel
          </button>
          <button type="button" disabled>
            Save
          </button>
        </Dialog>
      ) : null}
    </>
  );
}

describe('Dialog', () => {
  it('is a dialog named by its title, with focus in the first field and the caret at its end', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Edit thing' })).toBeVisible();
    const text = screen.getByRole('textbox', { name: 'Text' });
    expect(text).toHaveFocus();
    expect((text as HTMLTextAreaElement).selectionStart).toBe('Some words'.length);
  });

  it('keeps Tab inside, skipping disabled controls, both ways', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Link' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    // Save is disabled, so Cancel is the last stop: Tab wraps to the first field.
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    const user = userEvent.setup();
    const onClosed = vi.fn();
    render(<Harness onClosed={onClosed} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(onClosed).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('gives focus back to the opener when closed from inside', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('closes on a press on the backdrop only when asked to, never on a press inside, and keeps focus', async () => {
    const user = userEvent.setup();
    // The browser sends a press on a modal's ::backdrop to the <dialog> element; the panel inside covers the rest.
    const backdrop = () => screen.getByRole('dialog');
    const { unmount } = render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(backdrop());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveFocus();
    unmount();

    render(<Harness closeOnBackdrop />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('heading', { name: 'Edit thing' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(backdrop());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });
});
