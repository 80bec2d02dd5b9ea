import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Advertisement } from '../../../core/api/clouds.ts';
import { ModalShell } from '../../platform/dialogs/modal-shell.tsx';
import { VideoPlayer } from './video-player.tsx';

type Video = Advertisement['videos'][number];

/** The promotional videos of the advertisement list, the first one playing. */
export function PromotionDialog({
  videos,
  onClose,
}: {
  readonly videos: readonly Video[];
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<Video | undefined>(videos[0]);
  if (!current) return null;
  const others = videos.filter((video) => video.id !== current.id);
  return (
    <ModalShell
      open
      title={t('shell.promotion.title')}
      onClose={onClose}
      maxWidth="md"
      actions={
        <Button variant="contained" onClick={onClose}>
          {t('platform.dialogs.close')}
        </Button>
      }
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h3" component="p">
          {current.title}
        </Typography>
        <VideoPlayer key={current.id} src={current.video_url} label={current.title} />
        {others.length > 0 && (
          <Box
            component="nav"
            aria-label={t('shell.promotion.more')}
            sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
          >
            {others.map((video) => (
              <Button key={video.id} variant="outlined" size="small" onClick={() => setCurrent(video)}>
                {video.title}
              </Button>
            ))}
          </Box>
        )}
      </Box>
    </ModalShell>
  );
}
