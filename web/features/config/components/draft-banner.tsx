// Says which kinds have a draft not applied yet, and leads to "Review and apply" (the page holds the dialog,
// which outlives the drafts it applies).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { ConfigType } from '../../../../core/config/document.ts';
import { TYPE_TITLE_KEYS } from './type-labels.ts';

export function DraftBanner({
  types,
  onReview,
}: {
  readonly types: readonly ConfigType[];
  /** Absent for whoever may not apply. */
  readonly onReview?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="info"
      action={
        onReview && (
          <Button color="inherit" size="small" onClick={onReview}>
            {t('config.banner.review')}
          </Button>
        )
      }
    >
      {t('config.banner.drafts', { types: types.map((type) => t(TYPE_TITLE_KEYS[type])).join(', ') })}
    </Alert>
  );
}
