export const NAV_LINKS = [
  { label: 'Home', to: '/' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Marketplace', to: '/marketplace' },
] as const;
