/** Where an item sits in a feed, for its article's aria-posinset and aria-setsize (APG feed pattern). */
export interface FeedPosition {
  posinset: number;
  /** The total when known, -1 while more may come. */
  setsize: number;
}

/** The attributes the APG feed pattern asks of each article: its position, and focusable for Page Down / Up. */
export const feedArticleProps = ({ posinset, setsize }: FeedPosition) => ({
  'aria-posinset': posinset,
  'aria-setsize': setsize,
  tabIndex: -1,
});
