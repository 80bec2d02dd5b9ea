// When a task is scheduled or completed: the date and time in the user's language and time zone.
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../platform/date-time.ts';
import { useCachedMe } from '../../auth/api/get-me.ts';

export function TaskTime({ iso, finished }: { readonly iso: string; readonly finished: boolean }) {
  const { t, i18n } = useTranslation();
  const timeZone = useCachedMe()?.user.timezone;
  const time = formatDateTime(new Date(iso), i18n.language, timeZone);
  return (
    <time dateTime={iso}>
      {finished ? t('tasks.panel.completedAt', { time }) : t('tasks.panel.scheduledAt', { time })}
    </time>
  );
}
