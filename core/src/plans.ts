import { MESSAGES } from './messages.js';

/** Spec §9. Both namings of the configuration resolve to these three plans. */
export const PLANS = [
  {
    id: 'base',
    alias: 'starter',
    name: 'Base',
    price: 8,
    billing: 'monthly',
    description: 'For occasional flippers staging a few pieces a week.',
    monthlyCredits: 25,
    hd: false,
    marketplaces: false,
    popular: false,
    features: [
      '25 images per month',
      'All 8 design styles and 8 furniture types',
      'Custom background prompts',
      'Standard-resolution downloads',
      'Unused credits roll over',
    ],
  },
  {
    id: 'flipper',
    alias: 'pro',
    name: 'Flipper',
    price: 9,
    billing: 'monthly',
    description: 'For active flippers who list every week.',
    monthlyCredits: 50,
    hd: true,
    marketplaces: true,
    popular: true,
    features: [
      '50 images per month',
      'All 8 design styles and 8 furniture types',
      'HD downloads',
      'Post to marketplaces',
      'Early access to new features',
      'Priority support',
      'Unused credits roll over',
    ],
  },
  {
    id: 'premium',
    alias: 'business',
    name: 'Premium',
    price: 79,
    billing: 'monthly',
    description: 'For resellers and stores staging whole inventories.',
    monthlyCredits: 450,
    hd: true,
    marketplaces: true,
    popular: false,
    features: [
      '450 images per month',
      'Everything in Flipper',
      'HD downloads',
      'Post to marketplaces',
      'Batch staging from the flipstage CLI',
      'Priority support',
      'Unused credits roll over',
    ],
  },
] as const;

export type Plan = (typeof PLANS)[number];
export type PlanId = Plan['id'];
export const PLAN_IDS = PLANS.map((p) => p.id) as readonly PlanId[];
export const POPULAR_PLAN_LABEL = 'MOST POPULAR';

/** Price ids per plan, from configuration (STRIPE_PRICE_BASE, …). */
export type PriceIdConfig = Partial<Record<PlanId, string>>;

/** Local mode's simulated payments use these when no Stripe price ids are configured. */
export const LOCAL_PRICE_IDS: Record<PlanId, string> = {
  base: 'price_local_base',
  flipper: 'price_local_flipper',
  premium: 'price_local_premium',
};

export function findPlan(nameOrAlias: string | undefined | null): Plan | undefined {
  const key = (nameOrAlias ?? '').trim().toLowerCase();
  return PLANS.find((p) => p.id === key || p.alias === key);
}

export function priceIdForPlan(plan: string, config: PriceIdConfig): string {
  const found = findPlan(plan);
  const priceId = found ? config[found.id] : undefined;
  if (!priceId) throw new Error(MESSAGES.noStripePriceId(plan));
  return priceId;
}

export function planForPriceId(priceId: string | undefined | null, config: PriceIdConfig): Plan | undefined {
  if (!priceId) return undefined;
  return PLANS.find((p) => config[p.id] === priceId);
}

/** Reads STRIPE_PRICE_BASE / _FLIPPER / _PREMIUM (or the starter/pro/business names) from an env-like map. */
export function priceIdsFromEnv(env: Record<string, string | undefined>, prefix = ''): PriceIdConfig {
  const config: PriceIdConfig = {};
  for (const plan of PLANS) {
    const value =
      env[`${prefix}STRIPE_PRICE_${plan.id.toUpperCase()}`] ?? env[`${prefix}STRIPE_PRICE_${plan.alias.toUpperCase()}`];
    if (value) config[plan.id] = value;
  }
  return config;
}

export function formatPlanPrice(plan: Plan): string {
  return `$${plan.price}`;
}
