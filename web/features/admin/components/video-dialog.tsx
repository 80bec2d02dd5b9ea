// Adding a promotional video, or editing one: its title, its address (http(s), or a path on this site such
// as /media/videos/...), and whether the promotional dialog offers it.
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_URL_MAX_LENGTH, type AdminVideo, VIDEO_TITLE_MAX_LENGTH } from '../../../../core/api/admin.ts';
import { fieldIssue } from '../../../platform/form-errors.ts';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { useVideoChange } from '../api/video-changes.ts';
import { FormDialog } from './section-parts.tsx';

export function VideoDialog({
  video,
  onClose,
}: {
  /** The video to edit; null to add one. */
  readonly video: AdminVideo | null;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(video?.title ?? '');
  const [videoUrl, setVideoUrl] = useState(video?.video_url ?? '');
  const [active, setActive] = useState(video?.active ?? true);
  const change = useVideoChange();
  const titleError = fieldIssue(change.error, '/title') ? t('admin.videos.titleError') : undefined;
  const urlError = fieldIssue(change.error, '/video_url') ? t('admin.videos.urlError') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { title, video_url: videoUrl.trim(), active };
    const saved = () => {
      showMessage({ content: t('admin.videos.savedMessage', { title: title.trim() }) });
      onClose();
    };
    if (video) change.mutate({ kind: 'update', id: video.id, body }, { onSuccess: saved });
    else change.mutate({ kind: 'create', body }, { onSuccess: saved });
  };

  return (
    <FormDialog
      title={video ? t('admin.videos.editTitle') : t('admin.videos.addTitle')}
      maxWidth="sm"
      onClose={onClose}
      onSubmit={submit}
      submitLabel={video ? t('admin.videos.save') : t('admin.videos.addSubmit')}
      submitDisabled={change.isPending || title.trim() === '' || videoUrl.trim() === ''}
    >
      <TextField
        label={t('admin.videos.videoTitle')}
        name="title"
        required
        autoFocus
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={titleError !== undefined}
        helperText={titleError}
        slotProps={{ htmlInput: { maxLength: VIDEO_TITLE_MAX_LENGTH } }}
      />
      <TextField
        label={t('admin.videos.url')}
        name="videoUrl"
        required
        value={videoUrl}
        onChange={(event) => setVideoUrl(event.target.value)}
        error={urlError !== undefined}
        helperText={urlError ?? t('admin.videos.urlHelp')}
        slotProps={{ htmlInput: { maxLength: ADMIN_URL_MAX_LENGTH } }}
      />
      <FormControlLabel
        control={<Switch checked={active} onChange={(_event, checked) => setActive(checked)} />}
        label={t('admin.videos.activeField')}
      />
    </FormDialog>
  );
}
