import { useState } from 'react';
import { useStore } from 'jotai';
import { useNavigate } from '@tanstack/react-router';
import { findPlan, purchasePath, signUpThenPurchasePath } from '@flipstage/core';
import { useBackend } from '../../backend/BackendContext';
import { whenAuthKnown } from '../../backend/authState';
import { useMergedUser } from '../../backend/session';
import { track } from '../../analytics/track';
import { startCheckout } from '../billing/checkout';

/** Spec §4 pricing flow: signed in goes to checkout; signed out signs up first, then purchases. */
export function usePlanSelection() {
  const backend = useBackend();
  const store = useStore();
  const user = useMergedUser();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [pendingPlan, setPendingPlan] = useState<string | null>(null);

  async function selectPlan(planId: string) {
    setError(null);
    const plan = findPlan(planId);
    track('plan_selected', {
      category: 'ecommerce',
      plan_id: planId,
      plan_name: plan?.name ?? planId,
      price: plan?.price,
    });
    setPendingPlan(planId);
    // A plan chosen while Auth is still restoring the session waits for it: a signed-in user who
    // clicks at once must not be sent to sign up.
    if ((await whenAuthKnown(store)).status !== 'signedIn') {
      setPendingPlan(null);
      await navigate({ href: signUpThenPurchasePath(planId) });
      return;
    }
    // The account read at the click may not have arrived with the session: the purchase page reads
    // it, and sends an active plan to Billing rather than to a second checkout.
    if (!user) {
      setPendingPlan(null);
      await navigate({ href: purchasePath(planId) });
      return;
    }
    if (user.planIsActive) {
      setPendingPlan(null);
      await navigate({ to: '/settings/$section', params: { section: 'billing' } });
      return;
    }
    if (user.isFreeTrial) track('free_trial_started', { category: 'ecommerce', plan_id: planId });
    try {
      await startCheckout(backend.billing, planId);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      setPendingPlan(null);
    }
  }

  return { selectPlan, error, pendingPlan };
}
