// What the alerts feature offers the shell and the other features.
export { recentAlertsQueryOptions } from './api/get-recent-alerts.ts';
export { recentAlertsTotalsQueryOptions } from './api/get-recent-alerts-totals.ts';
export { alertsKeys } from './api/keys.ts';
export { alertDescription, alertTitle } from './components/alert-texts.ts';
export { AlertTime } from './components/alert-time.tsx';
export { AlertsButton } from './components/alerts-button.tsx';
export { AlertsPanel } from './components/alerts-panel.tsx';
export { HealthLabel } from './components/health-label.tsx';
