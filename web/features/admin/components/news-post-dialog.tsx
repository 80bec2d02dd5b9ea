// Writing a Latest News post, or editing one: title, text (with its small markup), link, optional excerpt,
// and whether it goes to the signed-in users' news panel or the public posts. A new post is a draft.
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AdminNewsPost,
  NEWS_EXCERPT_MAX_LENGTH,
  NEWS_TEXT_MAX_LENGTH,
  NEWS_TITLE_MAX_LENGTH,
  type NewsPostBody,
  type NewsPostPatch,
} from '../../../../core/api/admin.ts';
import { fieldIssue } from '../../../platform/form-errors.ts';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { useNewsPostChange } from '../api/news-post-changes.ts';
import { FormDialog } from './section-parts.tsx';

type Draft = { title: string; text: string; url: string; excerpt: string; inbox: boolean };

const draftOf = (post: AdminNewsPost | null): Draft => ({
  title: post?.title ?? '',
  text: post?.text ?? '',
  url: post?.url ?? 'https://',
  excerpt: post?.excerpt ?? '',
  inbox: post?.inbox ?? true,
});

/** Only what changed: the body is stored again only when its text changes. */
function patchOf(post: AdminNewsPost, draft: Draft): NewsPostPatch {
  const before = draftOf(post);
  const patch: NewsPostPatch = {};
  if (draft.title !== before.title) patch.title = draft.title;
  if (draft.text !== before.text) patch.text = draft.text;
  if (draft.url !== before.url) patch.url = draft.url.trim();
  if (draft.excerpt !== before.excerpt) patch.excerpt = draft.excerpt.trim() || null;
  if (draft.inbox !== before.inbox) patch.inbox = draft.inbox;
  return patch;
}

export function NewsPostDialog({
  post,
  onClose,
}: {
  /** The post to edit; null to write a new one. */
  readonly post: AdminNewsPost | null;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(post));
  const change = useNewsPostChange();
  const set = (next: Partial<Draft>) => setDraft({ ...draft, ...next });
  const issue = (path: string, message: string) => (fieldIssue(change.error, path) ? message : undefined);
  const errors = {
    title: issue('/title', t('admin.news.titleError')),
    text: issue('/text', t('admin.news.textError')),
    url: issue('/url', t('admin.news.urlError')),
    excerpt: issue('/excerpt', t('admin.news.excerptError', { max: NEWS_EXCERPT_MAX_LENGTH })),
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const saved = () => {
      showMessage({
        content: t(post ? 'admin.news.savedMessage' : 'admin.news.draftMessage', {
          title: draft.title.trim(),
        }),
      });
      onClose();
    };
    if (post) {
      change.mutate({ kind: 'update', uuid: post.uuid, body: patchOf(post, draft) }, { onSuccess: saved });
      return;
    }
    const body: NewsPostBody = {
      title: draft.title,
      text: draft.text,
      url: draft.url.trim(),
      excerpt: draft.excerpt.trim() || null,
      inbox: draft.inbox,
    };
    change.mutate({ kind: 'create', body }, { onSuccess: saved });
  };

  return (
    <FormDialog
      title={post ? t('admin.news.editTitle') : t('admin.news.writeTitle')}
      maxWidth="md"
      onClose={onClose}
      onSubmit={submit}
      submitLabel={post ? t('admin.news.save') : t('admin.news.saveDraft')}
      submitDisabled={change.isPending || draft.title.trim() === '' || draft.text.trim() === ''}
    >
      <TextField
        label={t('admin.news.postTitle')}
        name="title"
        required
        autoFocus
        value={draft.title}
        onChange={(event) => set({ title: event.target.value })}
        error={errors.title !== undefined}
        helperText={errors.title}
        slotProps={{ htmlInput: { maxLength: NEWS_TITLE_MAX_LENGTH } }}
      />
      <TextField
        label={t('admin.news.text')}
        name="text"
        required
        multiline
        minRows={6}
        maxRows={16}
        value={draft.text}
        onChange={(event) => set({ text: event.target.value })}
        error={errors.text !== undefined}
        helperText={errors.text ?? t('admin.news.textHelp')}
        slotProps={{ htmlInput: { maxLength: NEWS_TEXT_MAX_LENGTH } }}
      />
      <TextField
        label={t('admin.news.url')}
        name="url"
        type="url"
        required
        value={draft.url}
        onChange={(event) => set({ url: event.target.value })}
        error={errors.url !== undefined}
        helperText={errors.url ?? t('admin.news.urlHelp')}
      />
      <TextField
        label={t('admin.news.excerpt')}
        name="excerpt"
        multiline
        minRows={2}
        value={draft.excerpt}
        onChange={(event) => set({ excerpt: event.target.value })}
        error={errors.excerpt !== undefined}
        helperText={errors.excerpt ?? t('admin.news.excerptHelp')}
      />
      <FormControl>
        <FormLabel id={`${titleId}-where`}>{t('admin.news.where')}</FormLabel>
        <RadioGroup
          aria-labelledby={`${titleId}-where`}
          value={draft.inbox ? 'inbox' : 'public'}
          onChange={(event) => set({ inbox: event.target.value === 'inbox' })}
        >
          <FormControlLabel value="inbox" control={<Radio />} label={t('admin.news.inbox')} />
          <FormControlLabel value="public" control={<Radio />} label={t('admin.news.public')} />
        </RadioGroup>
      </FormControl>
    </FormDialog>
  );
}
