// A date and time as the user reads them: their language, time zone and formats.
import { useFormatDateTime } from './use-unit-context.ts';

export function DateTime({ iso }: { readonly iso: string }) {
  return <time dateTime={iso}>{useFormatDateTime()(iso)}</time>;
}
