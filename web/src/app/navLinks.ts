export const NAV_LINKS = [
  { label: 'Home', to: '/' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Marketplace', to: '/marketplace' },
] as const;

/** After the public links, for signed-in users only: their credits, plan and staged images; their conversations. */
export const SIGNED_IN_NAV_LINKS = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Messages', to: '/messages' },
] as const;
