// Promotional videos: the catalogue the promotional video dialog offers (the active ones), added, edited,
// turned on or off, and deleted after a confirmation.
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AdminVideo } from '../../../../core/api/admin.ts';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { useVideos } from '../api/get-videos.ts';
import { useVideoChange } from '../api/video-changes.ts';
import { CatalogueSection } from './catalogue-section.tsx';
import { VideoDialog } from './video-dialog.tsx';

export function VideosSection() {
  const { t } = useTranslation();
  const query = useVideos();
  const change = useVideoChange();
  // The whole catalogue as one page of a list.
  const videos = query.data?.videos;
  const result = {
    ...query,
    data: videos && { items: videos, total: videos.length, total_capped: false },
  };

  return (
    <CatalogueSection<AdminVideo>
      intro={t('admin.videos.intro')}
      addLabel={t('admin.videos.add')}
      emptyText={t('admin.videos.empty')}
      labelledBy="admin-tab-videos"
      result={result}
      offset={0}
      onOffset={() => undefined}
      columns={[
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
      ]}
      rowKey={(video) => video.id}
      titleOf={(video) => video.title}
      busy={change.isPending}
      deleteQuestion={(video) => ({
        title: t('admin.videos.deleteTitle'),
        content: t('admin.videos.deleteContent', { title: video.title }),
      })}
      remove={(video) =>
        change.mutate(
          { kind: 'delete', id: video.id },
          {
            onSuccess: () =>
              showMessage({ content: t('admin.videos.deletedMessage', { title: video.title }) }),
          },
        )
      }
      form={(video, onClose) => <VideoDialog video={video} onClose={onClose} />}
    />
  );
}
