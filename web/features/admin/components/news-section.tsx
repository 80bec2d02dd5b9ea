// Latest News posts: drafts and published posts, written, edited, published now or taken back, and deleted
// after a confirmation. A published inbox post shows in every signed-in user's news panel.
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AdminNewsPost } from '../../../../core/api/admin.ts';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { DateTime } from '../../account/index.ts';
import { useNewsPosts } from '../api/get-news-posts.ts';
import { useNewsPostChange } from '../api/news-post-changes.ts';
import { usePageOffset } from './admin-list.tsx';
import { CatalogueSection } from './catalogue-section.tsx';
import { NewsPostDialog } from './news-post-dialog.tsx';

export function NewsSection() {
  const { t } = useTranslation();
  const [offset, setOffset] = usePageOffset('');
  const result = useNewsPosts(offset);
  const change = useNewsPostChange();

  const publish = (post: AdminNewsPost, publish: boolean) =>
    change.mutate(
      { kind: publish ? 'publish' : 'unpublish', uuid: post.uuid },
      {
        onSuccess: () =>
          showMessage({
            content: t(publish ? 'admin.news.publishedMessage' : 'admin.news.unpublishedMessage', {
              title: post.title,
            }),
          }),
      },
    );

  return (
    <CatalogueSection<AdminNewsPost>
      intro={t('admin.news.intro')}
      addLabel={t('admin.news.write')}
      emptyText={t('admin.news.empty')}
      labelledBy="admin-tab-news"
      result={result}
      offset={offset}
      onOffset={setOffset}
      columns={[
        {
          id: 'title',
          header: t('admin.news.postTitle'),
          cell: (post) => (
            <>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {post.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {post.inbox ? t('admin.news.inboxTag') : t('admin.news.publicTag')}
              </Typography>
            </>
          ),
        },
        {
          id: 'state',
          header: t('admin.news.state'),
          cell: (post) =>
            post.published_at === null ? (
              <Chip size="small" variant="outlined" label={t('admin.news.draft')} />
            ) : (
              <Typography variant="body2">
                {t('admin.news.published')} <DateTime iso={post.published_at} />
              </Typography>
            ),
        },
        {
          id: 'updated',
          header: t('admin.news.updated'),
          from: 'md',
          cell: (post) => <DateTime iso={post.updated_at} />,
        },
      ]}
      rowKey={(post) => post.uuid}
      titleOf={(post) => post.title}
      busy={change.isPending}
      rowActions={(post) => (
        <Button
          size="small"
          disabled={change.isPending}
          aria-label={t(
            post.published_at === null ? 'admin.news.publishLabel' : 'admin.news.unpublishLabel',
            {
              title: post.title,
            },
          )}
          onClick={() => publish(post, post.published_at === null)}
        >
          {post.published_at === null ? t('admin.news.publish') : t('admin.news.unpublish')}
        </Button>
      )}
      deleteQuestion={(post) => ({
        title: t('admin.news.deleteTitle'),
        content: t('admin.news.deleteContent', { title: post.title }),
      })}
      remove={(post) =>
        change.mutate(
          { kind: 'delete', uuid: post.uuid },
          {
            onSuccess: () => showMessage({ content: t('admin.news.deletedMessage', { title: post.title }) }),
          },
        )
      }
      form={(post, onClose) => <NewsPostDialog post={post} onClose={onClose} />}
    />
  );
}
