import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { feedArticleProps } from './feedArticle';
import { VirtualFeed, type FeedPaging } from './VirtualFeed';

// jsdom lays nothing out, so every item measures 0 px and the window holds the whole (short) list: these tests
// cover the feed's semantics and paging calls; the windowing itself is tested in the browser (virtual-feed.spec).
const notes = (count: number) => Array.from({ length: count }, (_, i) => `note ${i + 1}`);

function renderFeed(items: string[], paging: Partial<FeedPaging> = {}) {
  const props = { hasMore: false, loadingMore: false, onLoadMore: vi.fn(), ...paging };
  const view = render(<Feed items={items} {...props} />);
  return {
    ...props,
    rerender: (next: string[], more: Partial<FeedPaging> = {}) =>
      view.rerender(<Feed items={next} {...props} {...more} />),
  };
}

function Feed({ items, ...paging }: FeedPaging & { items: string[] }) {
  return (
    <VirtualFeed
      items={items}
      getKey={(item) => item}
      label="Notes"
      {...paging}
      renderItem={(item, position) => (
        <article aria-label={item} {...feedArticleProps(position)}>
          <button type="button">Like {item}</button>
          <input aria-label={`Comment on ${item}`} />
        </article>
      )}
    />
  );
}

const positions = () =>
  screen
    .getAllByRole('article')
    .map((article) => [article.getAttribute('aria-posinset'), article.getAttribute('aria-setsize')]);

describe('VirtualFeed', () => {
  it('is a named feed of focusable articles that know their place, ending with the end row', () => {
    renderFeed(notes(3));
    const feed = screen.getByRole('feed', { name: 'Notes' });
    expect(feed).toHaveAttribute('aria-busy', 'false');
    expect(
      within(feed)
        .getAllByRole('article')
        .map((article) => article.tabIndex),
    ).toEqual([-1, -1, -1]);
    expect(positions()).toEqual([
      ['1', '3'],
      ['2', '3'],
      ['3', '3'],
    ]);
    expect(screen.getByText("You're all caught up")).toBeVisible();
    expect(screen.queryByText('Loading more posts…')).not.toBeInTheDocument();
  });

  it('gives the set size as -1 while more may come, or the total the back end told, and has no end row then', () => {
    const { rerender } = renderFeed(notes(2), { hasMore: true });
    expect(positions()).toEqual([
      ['1', '-1'],
      ['2', '-1'],
    ]);
    expect(screen.queryByText("You're all caught up")).not.toBeInTheDocument();
    rerender(notes(2), { total: 40 });
    expect(positions()).toEqual([
      ['1', '40'],
      ['2', '40'],
    ]);
  });

  it('is busy and shows a loading row while the next page loads', () => {
    renderFeed(notes(2), { hasMore: true, loadingMore: true });
    expect(screen.getByRole('feed', { name: 'Notes' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading more posts…');
  });

  it('asks for the next page once near the end, and again only when the list has grown', () => {
    const { onLoadMore, rerender } = renderFeed(notes(3), { hasMore: true });
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender(notes(3), { loadingMore: true });
    rerender(notes(3));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender(notes(6));
    expect(onLoadMore).toHaveBeenCalledTimes(2);
    rerender(notes(6), { hasMore: false });
    rerender(notes(7), { hasMore: false });
    expect(onLoadMore).toHaveBeenCalledTimes(2);
  });

  it('moves focus to the next/previous article with Page Down/Up, from the article or a control in it', async () => {
    const user = userEvent.setup();
    renderFeed(notes(3));
    await user.click(screen.getByRole('button', { name: 'Like note 1' }));
    await user.keyboard('{PageDown}');
    expect(screen.getByRole('article', { name: 'note 2' })).toHaveFocus();
    await user.keyboard('{PageDown}{PageDown}');
    expect(screen.getByRole('article', { name: 'note 3' })).toHaveFocus();
    await user.keyboard('{PageUp}');
    expect(screen.getByRole('article', { name: 'note 2' })).toHaveFocus();
  });

  it('moves focus with Control+Home to the focusable element just before the feed, not from a text field', async () => {
    const user = userEvent.setup();
    // jsdom has no scrollIntoView: a stand-in that tells whether the page was asked to move.
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    onTestFinished(() => {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    });
    render(
      <>
        <button type="button">Far above</button>
        <button type="button">Just above</button>
        <button type="button" disabled>
          Busy above
        </button>
        <Feed items={notes(12)} hasMore={false} loadingMore={false} onLoadMore={vi.fn()} />
        <button type="button">Below</button>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Like note 10' }));
    await user.keyboard('{Control>}{Home}{/Control}');
    expect(screen.getByRole('button', { name: 'Just above' })).toHaveFocus();
    // It was on screen (jsdom puts everything at 0): nothing was scrolled.
    expect(scrollIntoView).not.toHaveBeenCalled();

    // From the article itself too; in a text field the keys move the caret, and focus stays.
    screen.getByRole('article', { name: 'note 10' }).focus();
    await user.keyboard('{Control>}{Home}{/Control}');
    expect(screen.getByRole('button', { name: 'Just above' })).toHaveFocus();
    await user.click(screen.getByRole('textbox', { name: 'Comment on note 10' }));
    await user.keyboard('{Control>}{Home}{/Control}');
    expect(screen.getByRole('textbox', { name: 'Comment on note 10' })).toHaveFocus();
  });
});
