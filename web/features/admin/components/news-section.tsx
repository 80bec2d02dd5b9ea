// Latest News posts: drafts and published posts, written, edited, published now or taken back, and deleted
// after a confirmation. A published inbox post shows in every signed-in user's news panel.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminNewsPost } from '../../../../core/api/admin.ts';
import { confirmDialog } from '../../../platform/dialogs/dialog-store.ts';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { DateTime } from '../../../shell/date-time.tsx';
import { useNewsPosts } from '../api/get-news-posts.ts';
import { useNewsPostChange } from '../api/news-post-changes.ts';
import { AdminList, usePageOffset } from './admin-list.tsx';
import { NewsPostDialog } from './news-post-dialog.tsx';
import { SectionBar } from './section-parts.tsx';

export function NewsSection() {
  const { t } = useTranslation();
  const [offset, setOffset] = usePageOffset('');
  const result = useNewsPosts(offset);
  const change = useNewsPostChange();
  const [editing, setEditing] = useState<AdminNewsPost | 'new' | null>(null);

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
  const remove = async (post: AdminNewsPost) => {
    const confirmed = await confirmDialog({
      title: t('admin.news.deleteTitle'),
      content: t('admin.news.deleteContent', { title: post.title }),
      confirmLabel: t('admin.list.delete'),
    });
    if (!confirmed) return;
    change.mutate(
      { kind: 'delete', uuid: post.uuid },
      { onSuccess: () => showMessage({ content: t('admin.news.deletedMessage', { title: post.title }) }) },
    );
  };

  const columns: ListColumn<AdminNewsPost>[] = [
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
    {
      id: 'actions',
      header: t('admin.list.actions'),
      cell: (post) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          <Button
            size="small"
            aria-label={t('admin.list.editLabel', { name: post.title })}
            onClick={() => setEditing(post)}
          >
            {t('admin.list.edit')}
          </Button>
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
          <Button
            size="small"
            color="error"
            disabled={change.isPending}
            aria-label={t('admin.list.deleteLabel', { name: post.title })}
            onClick={() => void remove(post)}
          >
            {t('admin.list.delete')}
          </Button>
        </Box>
      ),
    },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <SectionBar
        intro={t('admin.news.intro')}
        action={t('admin.news.write')}
        onAction={() => setEditing('new')}
      />
      <AdminList
        result={result}
        offset={offset}
        onOffset={setOffset}
        emptyText={t('admin.news.empty')}
        columns={columns}
        rowKey={(post) => post.uuid}
        labelledBy="admin-tab-news"
      />
      {editing && (
        <NewsPostDialog post={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Box>
  );
}
