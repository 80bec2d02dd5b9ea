// A date and time in the user's language and time zone.
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../platform/date-time.ts';
import { useCachedMe } from '../../auth/api/get-me.ts';

export function DateTime({ iso }: { readonly iso: string }) {
  const { i18n } = useTranslation();
  const timeZone = useCachedMe()?.user.timezone;
  return <time dateTime={iso}>{formatDateTime(new Date(iso), i18n.language, timeZone)}</time>;
}
