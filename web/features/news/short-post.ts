// docs/constants.md: a post under 500 characters is short, shown whole in the panel; a longer one opens in a dialog.
import type { InboxPost } from '../../../core/api/news.ts';
import { SHORT_POST_MAX_LENGTH } from '../../../core/constants.ts';

/** Counts characters, not UTF-16 code units, so a post in Chinese or with emoji is measured as read. */
export function isShortPost(post: Pick<InboxPost, 'plaintext'>): boolean {
  return Array.from(post.plaintext).length < SHORT_POST_MAX_LENGTH;
}
