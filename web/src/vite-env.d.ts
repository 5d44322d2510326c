/// <reference types="vite/client" />

/** Mantine's page-wide styles (web/vite-plugins/mantineStyles.ts). */
declare module 'virtual:mantine-styles';

/**
 * The web app's build settings. Code reads each as `import.meta.env.VITE_…` (never the whole
 * object), so Vite replaces it with its value and the bundler drops the branches it rules out: a
 * Firebase build carries no local-mode or emulator code, and no setting the code does not use.
 */
interface ImportMetaEnv {
  readonly VITE_BACKEND?: string;
  readonly VITE_FIREBASE_EMULATORS?: string;
  readonly VITE_AUTH_EMULATOR_URL?: string;
  readonly VITE_FIRESTORE_EMULATOR_HOST?: string;
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_STORAGE_BUCKET?: string;
  readonly VITE_FIREBASE_MESSAGING_SENDER_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  readonly VITE_GA_MEASUREMENT_ID?: string;
  readonly VITE_APP_CHECK?: string;
  readonly VITE_RECAPTCHA_ENTERPRISE_SITE_KEY?: string;
  readonly VITE_APP_CHECK_DEBUG_TOKEN?: string;
  readonly VITE_STRIPE_PRICE_BASE?: string;
  readonly VITE_STRIPE_PRICE_FLIPPER?: string;
  readonly VITE_STRIPE_PRICE_PREMIUM?: string;
  readonly VITE_STRIPE_PRICE_STARTER?: string;
  readonly VITE_STRIPE_PRICE_PRO?: string;
  readonly VITE_STRIPE_PRICE_BUSINESS?: string;
  readonly VITE_MERGE_DB_USER?: string;
  readonly VITE_SITE_URL?: string;
  readonly VITE_CRISP_WEBSITE_ID?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
}
