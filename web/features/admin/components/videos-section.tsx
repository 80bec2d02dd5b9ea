// Promotional videos: the catalogue the promotional video dialog offers (the active ones), added, edited,
// turned on or off, and deleted after a confirmation.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminVideo } from '../../../../core/api/admin.ts';
import { confirmDialog } from '../../../platform/dialogs/dialog-store.ts';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { useVideos } from '../api/get-videos.ts';
import { useVideoChange } from '../api/video-changes.ts';
import { AdminList } from './admin-list.tsx';
import { SectionBar } from './section-parts.tsx';
import { VideoDialog } from './video-dialog.tsx';

export function VideosSection() {
  const { t } = useTranslation();
  const query = useVideos();
  const change = useVideoChange();
  const [editing, setEditing] = useState<AdminVideo | 'new' | null>(null);
  // The whole catalogue as one page of a list.
  const videos = query.data?.videos;
  const result = {
    ...query,
    data: videos && { items: videos, total: videos.length, total_capped: false },
  };

  const remove = async (video: AdminVideo) => {
    const confirmed = await confirmDialog({
      title: t('admin.videos.deleteTitle'),
      content: t('admin.videos.deleteContent', { title: video.title }),
      confirmLabel: t('admin.list.delete'),
    });
    if (!confirmed) return;
    change.mutate(
      { kind: 'delete', id: video.id },
      { onSuccess: () => showMessage({ content: t('admin.videos.deletedMessage', { title: video.title }) }) },
    );
  };

  const columns: ListColumn<AdminVideo>[] = [
    {
      id: 'title',
      header: t('admin.videos.videoTitle'),
      cell: (video) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {video.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {video.video_url}
          </Typography>
        </>
      ),
    },
    {
      id: 'active',
      header: t('admin.videos.active'),
      cell: (video) => (
        <Switch
          checked={video.active}
          disabled={change.isPending}
          onChange={(_event, active) => change.mutate({ kind: 'update', id: video.id, body: { active } })}
          slotProps={{ input: { 'aria-label': t('admin.videos.activeLabel', { title: video.title }) } }}
        />
      ),
    },
    {
      id: 'actions',
      header: t('admin.list.actions'),
      cell: (video) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          <Button
            size="small"
            aria-label={t('admin.list.editLabel', { name: video.title })}
            onClick={() => setEditing(video)}
          >
            {t('admin.list.edit')}
          </Button>
          <Button
            size="small"
            color="error"
            disabled={change.isPending}
            aria-label={t('admin.list.deleteLabel', { name: video.title })}
            onClick={() => void remove(video)}
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
        intro={t('admin.videos.intro')}
        action={t('admin.videos.add')}
        onAction={() => setEditing('new')}
      />
      <AdminList
        result={result}
        offset={0}
        onOffset={() => undefined}
        emptyText={t('admin.videos.empty')}
        columns={columns}
        rowKey={(video) => video.id}
        labelledBy="admin-tab-videos"
      />
      {editing && <VideoDialog video={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Box>
  );
}
