import { gaMeasurementId } from '../backend/config';

/** The analytics events of spec §7, one name each. */
export type AnalyticsEvent =
  | 'page_view'
  | 'image_upload'
  | 'image_processing_started'
  | 'image_processing_completed'
  | 'image_processing_error'
  | 'feedback_submitted'
  | 'image_download'
  | 'plan_selected'
  | 'free_trial_started'
  | 'logout'
  | 'design_style_selected'
  | 'furniture_type_selected'
  | 'checkout_initiated'
  | 'purchase_error'
  | 'credit_used'
  | 'cta_click'
  | 'navigation_click'
  | 'auth_attempt'
  | 'auth_success'
  | 'auth_error'
  | 'password_reset'
  | 'form_validation_error';

export type AnalyticsParams = Record<string, string | number | boolean | null | undefined>;

type Sender = (event: AnalyticsEvent, params: AnalyticsParams) => void;

let sender: Promise<Sender> | null = null;

/** Firebase Analytics is loaded on first use, and only when a measurement id is configured, so it stays out of the main bundle. */
function loadSender(): Promise<Sender> {
  sender ??= Promise.all([import('firebase/analytics'), import('../backend/firebaseApp')]).then(
    ([{ getAnalytics, logEvent }, { firebaseApp }]) => {
      const analytics = getAnalytics(firebaseApp());
      return (event, params) => logEvent(analytics, event as string, params);
    },
  );
  return sender;
}

/** Records an analytics event; a no-op unless VITE_GA_MEASUREMENT_ID is set. Never throws. */
export function track(event: AnalyticsEvent, params: AnalyticsParams = {}): void {
  if (!gaMeasurementId) return;
  loadSender()
    .then((send) => send(event, params))
    .catch((error: unknown) => console.warn('Analytics event not sent', event, error));
}

export function trackPageView(path: string, title: string): void {
  track('page_view', { page_path: path, page_title: title, page_location: window.location.href });
}
