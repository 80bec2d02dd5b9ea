// The day a post was published, in the reader's language.
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function PublishedDate({ value }: { readonly value: string }) {
  const { i18n } = useTranslation();
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <Typography
      component="time"
      dateTime={value}
      variant="caption"
      color="text.secondary"
      sx={{ display: 'block' }}
    >
      {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(date)}
    </Typography>
  );
}
