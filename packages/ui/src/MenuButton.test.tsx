import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MenuButton } from './MenuButton';

function renderMenu() {
  const onEdit = vi.fn();
  const onShare = vi.fn();
  const onDelete = vi.fn();
  render(
    <>
      <MenuButton
        label="Options"
        header={<p>Signed in as someone</p>}
        items={[
          { label: 'Edit', onSelect: onEdit },
          { label: 'Share', onSelect: onShare },
          { label: 'Delete', onSelect: onDelete },
        ]}
      >
        <svg aria-hidden="true" />
      </MenuButton>
      <p>Elsewhere</p>
    </>,
  );
  return { onEdit, onShare, onDelete };
}

const button = () => screen.getByRole('button', { name: 'Options' });
const item = (name: string) => screen.getByRole('menuitem', { name });

describe('MenuButton', () => {
  it('opens on a click with focus on the first item, and says it is open', async () => {
    const user = userEvent.setup();
    renderMenu();
    expect(button()).toHaveAttribute('aria-haspopup', 'menu');
    expect(button()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(button());
    const menu = screen.getByRole('menu', { name: 'Options' });
    expect(button()).toHaveAttribute('aria-expanded', 'true');
    expect(button()).toHaveAttribute('aria-controls', menu.id);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((node) => node.textContent),
    ).toEqual(['Edit', 'Share', 'Delete']);
    expect(within(menu).getByText('Signed in as someone')).toBeInTheDocument();
    expect(item('Edit')).toHaveFocus();

    await user.click(button());
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('moves with the arrows (wrapping), Home and End', async () => {
    const user = userEvent.setup();
    renderMenu();
    button().focus();
    await user.keyboard('{Enter}');
    expect(item('Edit')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Share')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(item('Edit')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(item('Delete')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(item('Edit')).toHaveFocus();
    await user.keyboard('{End}');
    expect(item('Delete')).toHaveFocus();
  });

  it('opens from the button with ArrowDown on the first item and ArrowUp on the last', async () => {
    const user = userEvent.setup();
    renderMenu();
    button().focus();
    await user.keyboard('{ArrowUp}');
    expect(item('Delete')).toHaveFocus();
    await user.keyboard('{Escape}');
    await user.keyboard('{ArrowDown}');
    expect(item('Edit')).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the button', async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.click(button());
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button()).toHaveFocus();
    expect(button()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Tab and on a press elsewhere', async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.click(button());
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(button());
    await user.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('runs the chosen item once, by click or by keyboard, closing the menu with focus on the button', async () => {
    const user = userEvent.setup();
    const { onEdit, onShare, onDelete } = renderMenu();
    await user.click(button());
    await user.click(item('Share'));
    expect(onShare).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button()).toHaveFocus();

    await user.keyboard('{Enter}{End}{Enter}');
    expect(onDelete).toHaveBeenCalledOnce();
    expect(onEdit).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button()).toHaveFocus();
  });
});
