// Schemas of the alert calls (docs/api.md#the-calls) and the user's alert preferences, shared by server and web app.
import { type Static, Type } from 'typebox';
import { RECENT_ALERTS_LIMIT } from '../constants.ts';
import { ALERT_TYPES, HEALTH_IDS } from '../domain.ts';
import { closed } from './closed.ts';

const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableId = Type.Union([Type.Integer(), Type.Null()]);

export const RecentAlertsQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: RECENT_ALERTS_LIMIT, default: RECENT_ALERTS_LIMIT }),
    ),
  },
  closed,
);

/** docs/entities.md Alert, with its field names. */
export const AlertSchema = Type.Object({
  id: Type.Integer(),
  alert_type: Type.Enum(ALERT_TYPES),
  alert_data_1: NullableString,
  alert_data_2: NullableString,
  alert_data_3: NullableString,
  health_id: Type.Enum(HEALTH_IDS),
  is_viewed: Type.Boolean(),
  /** ISO 8601 date-time. */
  problem_at: Type.String(),
  site_id: NullableId,
  site_name: NullableString,
  attrs: Type.Object({
    device_id: NullableId,
    device_name: NullableString,
    snvr_device_id: NullableId,
    snvr_device_name: NullableString,
    /** The recorder's camera it is about (docs/cameras.md#alerts); null or absent when none. */
    camera_id: Type.Optional(NullableString),
    cloud_id: Type.Integer(),
  }),
});
export type Alert = Static<typeof AlertSchema>;

export const RecentAlertsResponse = Type.Object({
  alerts: Type.Array(AlertSchema),
  /** The caller sees exactly one site of the cloud. */
  sees_one_site_only: Type.Boolean(),
});
export type RecentAlerts = Static<typeof RecentAlertsResponse>;

export const RecentAlertsTotalsResponse = Type.Object({ notViewedTotal: Type.Integer() });
export type RecentAlertsTotals = Static<typeof RecentAlertsTotalsResponse>;

/** docs/entities.md User alert preference; defaults for an alert type the user never saved. */
export const DEFAULT_ALERT_PREFERENCE = { alertCount: 1, displayAlert: true } as const;

export const AlertPreferenceParams = Type.Object({ name: Type.Enum(ALERT_TYPES) }, closed);

/** docs/validation.md: an update requires both alertCount and displayAlert. */
export const AlertPreferenceBody = Type.Object(
  {
    alertCount: Type.Integer({ minimum: 0, maximum: 1000 }),
    displayAlert: Type.Boolean(),
  },
  closed,
);
export type AlertPreferenceUpdate = Static<typeof AlertPreferenceBody>;

export const AlertPreferenceSchema = Type.Object({
  name: Type.Enum(ALERT_TYPES),
  alertCount: Type.Integer(),
  displayAlert: Type.Boolean(),
});
export type AlertPreference = Static<typeof AlertPreferenceSchema>;

export const AlertPreferencesResponse = Type.Object({ preferences: Type.Array(AlertPreferenceSchema) });
export type AlertPreferences = Static<typeof AlertPreferencesResponse>;
