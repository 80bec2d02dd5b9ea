// A long post, read in a dialog drawn from its Mobiledoc (docs/navigation.md#top-bar-panels Latest News).
import type { InboxPost } from '../../../../core/api/news.ts';
import { ModalShell } from '../../../platform/dialogs/modal-shell.tsx';
import { PostContent } from '../mobiledoc/post-content.tsx';
import { PublishedDate } from './published-date.tsx';
import { ReadOnBlogLink } from './read-on-blog-link.tsx';

interface PostDialogProps {
  /** The post shown; it stays while the dialog plays its closing transition. */
  readonly post: InboxPost | null;
  readonly open: boolean;
  readonly onClose: () => void;
  readonly onExited: () => void;
}

export function PostDialog({ post, open, onClose, onExited }: PostDialogProps) {
  return (
    <ModalShell
      open={open && post !== null}
      title={post?.title ?? ''}
      onClose={onClose}
      onExited={onExited}
      actions={post && <ReadOnBlogLink url={post.url} />}
    >
      {post && (
        <>
          <PublishedDate value={post.published_at} />
          <PostContent mobiledoc={post.mobiledoc} />
        </>
      )}
    </ModalShell>
  );
}
