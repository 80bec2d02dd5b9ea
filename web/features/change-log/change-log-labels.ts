// The change log's actions and objects in the user's language.
import type { AuditAction, AuditObjectType } from '../../../core/audit.ts';

export const ACTION_KEYS = {
  sign_in: 'changeLog.action.signIn',
  sign_in_failed: 'changeLog.action.signInFailed',
  password_changed: 'changeLog.action.passwordChanged',
  password_reset_requested: 'changeLog.action.passwordResetRequested',
  password_reset: 'changeLog.action.passwordReset',
  two_factor_enabled: 'changeLog.action.twoFactorEnabled',
  two_factor_disabled: 'changeLog.action.twoFactorDisabled',
  recovery_codes_renewed: 'changeLog.action.recoveryCodesRenewed',
  recovery_code_used: 'changeLog.action.recoveryCodeUsed',
  session_signed_out: 'changeLog.action.sessionSignedOut',
  profile_changed: 'changeLog.action.profileChanged',
  created: 'changeLog.action.created',
  changed: 'changeLog.action.changed',
  deleted: 'changeLog.action.deleted',
  follows_cloud: 'changeLog.action.followsCloud',
  suspended: 'changeLog.action.suspended',
  unsuspended: 'changeLog.action.unsuspended',
  published: 'changeLog.action.published',
  unpublished: 'changeLog.action.unpublished',
} as const satisfies Record<AuditAction, string>;

export const OBJECT_KEYS = {
  user: 'changeLog.object.user',
  session: 'changeLog.object.session',
  cloud: 'changeLog.object.cloud',
  site: 'changeLog.object.site',
  site_filter: 'changeLog.object.siteFilter',
  device: 'changeLog.object.device',
  membership: 'changeLog.object.membership',
  invitation: 'changeLog.object.invitation',
  task: 'changeLog.object.task',
  alert: 'changeLog.object.alert',
  maintenance_window: 'changeLog.object.maintenanceWindow',
  license: 'changeLog.object.license',
  notification_setting: 'changeLog.object.notificationSetting',
  news_post: 'changeLog.object.newsPost',
  video: 'changeLog.object.video',
} as const satisfies Record<AuditObjectType, string>;
