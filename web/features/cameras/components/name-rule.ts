// A camera's name as the recorder takes it (core/fleet/camera-tasks.ts CameraName): at most 64 characters;
// spaces at either end are dropped before it is sent.
import { useTranslation } from 'react-i18next';
import { CAMERA_NAME_MAX_LENGTH } from '../../../../core/fleet/camera-tasks.ts';

export function useNameRule() {
  const { t } = useTranslation();
  return (value: string): string | null =>
    value.trim().length > CAMERA_NAME_MAX_LENGTH
      ? t('cameras.rename.tooLong', { max: CAMERA_NAME_MAX_LENGTH })
      : null;
}
