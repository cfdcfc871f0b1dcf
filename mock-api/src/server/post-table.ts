/**
 * Posts, indexed for each read: by id (in storage order, which the unpaged lists answer in), in both feed
 * orders for everyone, per author and per bookmarking user, and who bookmarked each post. Every write goes through
 * here so the indexes never disagree with the records. A generated post's record is built on its first read
 * (stored-post.ts); everything here but `get`, `values` and the pages reads only its keys.
 */
import type { NewerPosts, Post } from '@murmur/mock-api-contract';
import {
  type OrderKey,
  type Page,
  PostOrder,
  type Sort,
  latestOrder,
  trendScore,
  trendingFromLatest,
} from './post-order';
import { type DeferredPost, StoredPost } from './stored-post';
import { parseTimestamp } from './time';
import type { UserRecord, UserTable } from './user-table';

export class PostTable {
  private readonly byId = new Map<string, StoredPost>();
  private readonly everyone = new PostOrder();
  private readonly byAuthor = new Map<string, PostOrder>();
  private readonly bookmarksOf = new Map<string, PostOrder>();
  private readonly bookmarkedBy = new Map<string, Set<string>>();
  private seq = 0;

  constructor(private readonly users: UserTable) {}

  get size(): number {
    return this.byId.size;
  }

  get(id: string): Post | undefined {
    return this.byId.get(id)?.post;
  }

  /** Storage order: the order of the unpaged answers. */
  *values(): IterableIterator<Post> {
    for (const entry of this.byId.values()) yield entry.post;
  }

  add(post: Post): void {
    const entry = this.store(post._id, post.createdAt, trendScore(post), post.username, post);
    this.everyone.add(entry);
    this.authorOrder(post.username).add(entry);
  }

  /** Bulk load of the seed. */
  addMany(posts: readonly Post[]): void {
    for (const post of posts) this.store(post._id, post.createdAt, trendScore(post), post.username, post);
    this.reindex();
  }

  /** Bulk load of generated posts, whose records are built when first read. */
  addDeferred(posts: readonly DeferredPost[]): void {
    for (const post of posts) this.store(post._id, post.createdAt, post.score, post.username, post.build);
    this.reindex();
  }

  delete(id: string): void {
    const entry = this.byId.get(id);
    if (!entry) return;
    this.byId.delete(id);
    this.everyone.remove(entry);
    this.authorOrder(entry.username).remove(entry);
    // A bookmark must never point at a post that no longer exists.
    for (const userId of this.bookmarkedBy.get(id) ?? []) {
      const user = this.users.get(userId);
      if (user) user.bookmarks = user.bookmarks.filter((postId) => postId !== id);
      this.bookmarkOrder(userId).remove(entry);
    }
    this.bookmarkedBy.delete(id);
  }

  /** Call after a change to a post's likes or comments: moves it in every Trending index it is in. */
  rescore(post: Post): void {
    const entry = this.byId.get(post._id);
    const score = trendScore(post);
    if (!entry || entry.score === score) return;
    const orders = [this.everyone, this.authorOrder(post.username), ...this.bookmarkOrdersOf(post._id)];
    for (const order of orders) order.removeTrending(entry);
    entry.score = score;
    for (const order of orders) order.addTrending(entry);
  }

  page(sort: Sort, limit: number, after: OrderKey | null): Page {
    return this.everyone.page(sort, limit, after);
  }

  /**
   * How many posts are newer than `sinceId` in Latest (every post when it is null), and the newest post's id: one
   * lookup and one binary search, whatever the number of posts (docs/data-layer.md, "Newer posts"). Undefined when no
   * post has that id.
   */
  newerThan(sinceId: string | null): NewerPosts | undefined {
    const since = sinceId === null ? null : this.byId.get(sinceId);
    if (since === undefined) return undefined;
    const newest = this.everyone.newest();
    return { count: since === null ? this.everyone.size : this.everyone.newerThan(since), newest: newest?.id ?? null };
  }

  pageByAuthor(username: string, sort: Sort, limit: number, after: OrderKey | null): Page {
    return (this.byAuthor.get(username) ?? new PostOrder()).page(sort, limit, after);
  }

  /** The unpaged answer for one author, in storage order. */
  byAuthorInStorageOrder(username: string): Post[] {
    return this.byAuthor.get(username)?.inStorageOrder() ?? [];
  }

  pageBookmarks(user: UserRecord, sort: Sort, limit: number, after: OrderKey | null): Page {
    return this.bookmarkOrder(user._id).page(sort, limit, after);
  }

  isBookmarked(user: UserRecord, postId: string): boolean {
    return this.bookmarkedBy.get(postId)?.has(user._id) ?? false;
  }

  bookmark(user: UserRecord, postId: string): void {
    const entry = this.byId.get(postId);
    if (!entry || this.isBookmarked(user, postId)) return;
    user.bookmarks = [...user.bookmarks, postId];
    this.bookmarkOrder(user._id).add(entry);
    const users = this.bookmarkedBy.get(postId);
    if (users) users.add(user._id);
    else this.bookmarkedBy.set(postId, new Set([user._id]));
  }

  unbookmark(user: UserRecord, postId: string): void {
    const entry = this.byId.get(postId);
    if (!entry || !this.isBookmarked(user, postId)) return;
    user.bookmarks = user.bookmarks.filter((id) => id !== postId);
    this.bookmarkOrder(user._id).remove(entry);
    this.bookmarkedBy.get(postId)?.delete(user._id);
  }

  private store(
    id: string,
    createdAt: string,
    score: number,
    username: string,
    record: Post | (() => Post),
  ): StoredPost {
    if (this.byId.has(id)) throw new Error(`post ${id} is already stored`);
    const entry = new StoredPost(id, ++this.seq, parseTimestamp(createdAt), score, username, record);
    this.byId.set(id, entry);
    return entry;
  }

  /** Orders every stored post again, after a bulk load: one sort in all instead of one insert per post. */
  private reindex(): void {
    const latest = latestOrder([...this.byId.values()]);
    this.everyone.load(latest, trendingFromLatest(latest));
    // One pass splits Latest by author, which keeps each author's list in order without sorting it again; an
    // author's Trending is then made from that short list.
    const byAuthor = new Map<string, StoredPost[]>();
    for (const entry of latest) {
      const list = byAuthor.get(entry.username);
      if (list) list.push(entry);
      else byAuthor.set(entry.username, [entry]);
    }
    for (const [username, list] of byAuthor) this.authorOrder(username).load(list, trendingFromLatest(list));
  }

  private authorOrder(username: string): PostOrder {
    return this.orderIn(this.byAuthor, username);
  }

  private bookmarkOrder(userId: string): PostOrder {
    return this.orderIn(this.bookmarksOf, userId);
  }

  private bookmarkOrdersOf(postId: string): PostOrder[] {
    return [...(this.bookmarkedBy.get(postId) ?? [])].map((userId) => this.bookmarkOrder(userId));
  }

  private orderIn(map: Map<string, PostOrder>, key: string): PostOrder {
    let order = map.get(key);
    if (!order) {
      order = new PostOrder();
      map.set(key, order);
    }
    return order;
  }
}
