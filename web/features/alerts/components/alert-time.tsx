// When an alert was raised: relative ("5 minutes ago") in the user's language, the full date and time in the
// user's time zone as the title.
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../account/index.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The relative time in the largest whole unit that fits (alerts are at most 7 days old). */
export function relativeTime(at: Date, now: Date, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  // A device clock a little ahead of ours reads as "now", not "in 1 minute".
  const elapsed = Math.max(0, now.getTime() - at.getTime());
  if (elapsed < HOUR_MS) return format.format(-Math.floor(elapsed / MINUTE_MS), 'minute');
  if (elapsed < DAY_MS) return format.format(-Math.floor(elapsed / HOUR_MS), 'hour');
  return format.format(-Math.floor(elapsed / DAY_MS), 'day');
}

export function AlertTime({ iso }: { readonly iso: string }) {
  const { i18n } = useTranslation();
  const formatDateTime = useFormatDateTime();
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {relativeTime(new Date(iso), new Date(), i18n.language)}
    </time>
  );
}
