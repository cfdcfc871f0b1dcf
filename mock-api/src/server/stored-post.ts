import type { Post } from '@murmur/mock-api-contract';
import type { PostEntry } from './post-order';

/**
 * A post the store has not built yet: the keys its indexes read, and how to build the record on its first read.
 * The generator hands in 100,000 of these (generate.ts), so a start at that scale builds no record nobody reads.
 */
export interface DeferredPost {
  _id: string;
  username: string;
  createdAt: string;
  /** likeCount + comment count of the record `build` will make. */
  score: number;
  build: () => Post;
}

/** A post as the table keeps it: its place in the orders, its author, and its record (built on first read). */
export class StoredPost implements PostEntry {
  private record: Post | undefined;
  private build: (() => Post) | undefined;

  constructor(
    readonly id: string,
    readonly seq: number,
    readonly time: number,
    public score: number,
    readonly username: string,
    record: Post | (() => Post),
  ) {
    if (typeof record === 'function') this.build = record;
    else this.record = record;
  }

  get post(): Post {
    if (this.record === undefined) {
      this.record = (this.build as () => Post)();
      this.build = undefined;
    }
    return this.record;
  }
}
