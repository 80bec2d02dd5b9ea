// When a task is scheduled or completed: the date and time as the user reads dates and times.
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../account/index.ts';

export function TaskTime({ iso, finished }: { readonly iso: string; readonly finished: boolean }) {
  const { t } = useTranslation();
  const time = useFormatDateTime()(iso);
  return (
    <time dateTime={iso}>
      {finished ? t('tasks.panel.completedAt', { time }) : t('tasks.panel.scheduledAt', { time })}
    </time>
  );
}
