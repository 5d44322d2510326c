import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCAL_PRICE_IDS, MESSAGES, PLANS, POPULAR_PLAN_LABEL } from '@flipstage/core';
import { renderApp } from '../../test-utils/renderApp';
import { createFakeBackend, fakeAuthUser, fakeMergedUser } from '../../test-utils/fakeBackend';
import { browserLocation } from '../../app/browserLocation';
import { PRICING_FAQ } from './faq';
import { CURRENT_PLAN_LABEL } from './PlanCard';
import { CHECKOUT_CANCELLED_MESSAGE } from './PricingPage';

afterEach(() => vi.restoreAllMocks());

function signedIn(overrides: Parameters<typeof fakeMergedUser>[0] = {}) {
  return createFakeBackend({ user: fakeAuthUser(), merged: fakeMergedUser(overrides) });
}

describe('pricing page', () => {
  it('shows the three plans with prices and the popular badge on Flipper', async () => {
    renderApp('/pricing');
    for (const plan of PLANS) {
      expect(await screen.findByRole('heading', { name: plan.name })).toBeInTheDocument();
      expect(screen.getByText(`$${plan.price}`)).toBeInTheDocument();
    }
    const flipper = screen.getByRole('article', { name: 'Flipper' });
    expect(flipper).toHaveTextContent(POPULAR_PLAN_LABEL);
    expect(screen.getAllByText(POPULAR_PLAN_LABEL)).toHaveLength(1);
  });

  it('offers the free trial button and a contact-us mailto link', async () => {
    renderApp('/pricing');
    expect(await screen.findByRole('button', { name: 'Start Your Free Trial' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toMatch(/^mailto:/);
  });

  it('states the trial length from the billing terms on every card', async () => {
    renderApp('/pricing');
    expect(await screen.findByText(/Every plan starts with a 7-day free trial\./)).toBeInTheDocument();
    for (const plan of PLANS) {
      expect(screen.getByRole('article', { name: plan.name })).toHaveTextContent(
        `7-day free trial, then $${plan.price} a month`,
      );
    }
  });

  it('offers no trial when the server gives none', async () => {
    const backend = createFakeBackend();
    backend.billing.billingTerms = vi.fn(async () => ({ trialDays: 0 }));
    renderApp('/pricing', backend);
    // Signed out is known once the navbar offers Log in; the terms may still be on their way.
    await screen.findByRole('link', { name: 'Log in' });
    await waitFor(() =>
      expect(screen.queryByText(/day free trial|Every plan starts with a free trial/)).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: 'Start Your Free Trial' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose Flipper' })).toBeInTheDocument();
  });

  it('marks a subscriber’s plan and offers to manage it instead of a trial', async () => {
    const { router } = renderApp(
      '/pricing',
      signedIn({
        planIsActive: true,
        stripeSubscriptionStatus: 'trialing',
        stripeCustomerId: 'cus_1',
        planId: LOCAL_PRICE_IDS.flipper,
      }),
    );
    // The account loads after the page, and only then is a plan current.
    const flipper = await screen.findByRole('article', { name: 'Flipper', current: true }, { timeout: 5000 });
    expect(flipper).toHaveTextContent(CURRENT_PLAN_LABEL);
    expect(screen.getByRole('article', { name: 'Base' })).not.toHaveTextContent(CURRENT_PLAN_LABEL);
    expect(screen.getByText(/You are on the Flipper plan\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start Your Free Trial' })).not.toBeInTheDocument();
    expect(screen.queryByText(/day free trial|Every plan starts with a free trial/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage plan' })).toHaveAttribute('href', '/settings/billing');
    expect(screen.getByRole('button', { name: 'Switch to Premium' })).toBeInTheDocument();
    vi.spyOn(browserLocation, 'replace').mockImplementation(() => {});
    await userEvent.click(screen.getByRole('button', { name: 'Manage plan: Flipper' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/billing'));
  });

  it('promises no second trial to a customer whose plan ended', async () => {
    renderApp(
      '/pricing',
      signedIn({ planIsActive: false, stripeSubscriptionStatus: 'canceled', stripeCustomerId: 'cus_1' }),
    );
    expect(await screen.findByRole('button', { name: 'Choose Flipper' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start Your Free Trial' })).not.toBeInTheDocument();
    expect(screen.queryByText(/day free trial|Every plan starts with a free trial/)).not.toBeInTheDocument();
  });

  it('answers 12 questions and publishes them as FAQ structured data', async () => {
    const { container } = renderApp('/pricing');
    await screen.findByRole('heading', { name: 'Frequently asked questions' });
    expect(PRICING_FAQ).toHaveLength(12);
    for (const item of PRICING_FAQ) expect(screen.getByRole('button', { name: item.question })).toBeInTheDocument();
    const script = container.querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(script?.textContent ?? '{}') as { '@type': string; mainEntity: unknown[] };
    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity).toHaveLength(12);
  });

  it('sends a signed-out visitor to sign up with the purchase as the next step', async () => {
    const { router } = renderApp('/pricing');
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Premium' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/signup'));
    expect(router.state.location.search).toEqual({ next: '/purchase/premium' });
  });

  it('says a cancelled checkout was cancelled and charged nothing, once', async () => {
    const { router } = renderApp('/pricing?checkout=cancelled', signedIn());
    const notice = (await screen.findByText(CHECKOUT_CANCELLED_MESSAGE)).closest('[role="status"]');
    expect(notice).toHaveTextContent('Checkout cancelled');
    await waitFor(() => expect(router.state.location.href).toBe('/pricing'));
    expect(screen.getByText(CHECKOUT_CANCELLED_MESSAGE)).toBeInTheDocument();
  });

  it('shows no checkout notice on a normal visit', async () => {
    renderApp('/pricing', signedIn());
    await screen.findByRole('button', { name: 'Choose Flipper' });
    expect(screen.queryByText(CHECKOUT_CANCELLED_MESSAGE)).not.toBeInTheDocument();
  });

  it('starts the free trial on the popular plan', async () => {
    const { router } = renderApp('/pricing');
    await userEvent.click(await screen.findByRole('button', { name: 'Start Your Free Trial' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ next: '/purchase/flipper' }));
  });

  it('starts checkout for a signed-in user and redirects to the session URL', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const { backend } = renderApp('/pricing', signedIn());
    const button = await screen.findByRole('button', { name: 'Choose Flipper' });
    await waitFor(() => expect(backend.account.ensureAccount).toHaveBeenCalled());
    await userEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_test_1'));
    expect(backend.billing.createCheckoutSession).toHaveBeenCalledWith({
      priceId: LOCAL_PRICE_IDS.flipper,
      successUrl: `${window.location.origin}/dashboard?paid=true`,
      cancelUrl: `${window.location.origin}/pricing?checkout=cancelled`,
    });
  });

  it('waits for a session still being restored, so a signed-in user who chooses at once goes to the purchase, not to sign up', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const backend = signedIn();
    const user = fakeAuthUser();
    // Auth has not answered yet: the session is unknown when the plan is chosen.
    backend.auth.onAuthStateChanged = vi.fn(() => () => {});
    const { router } = renderApp('/pricing', backend);
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Flipper' }));
    expect(backend.billing.createCheckoutSession).not.toHaveBeenCalled();

    const listener = vi.mocked(backend.auth.onAuthStateChanged).mock.calls[0]![0];
    act(() => listener(user));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_test_1'));
    expect(router.state.location.pathname).toBe('/purchase/flipper');
  });

  it('shows a failed checkout as Error: {message} in a red box', async () => {
    const backend = signedIn();
    backend.billing.createCheckoutSession = vi.fn(async () => {
      throw new Error('Card declined');
    });
    renderApp('/pricing', backend);
    await waitFor(() => expect(backend.account.ensureAccount).toHaveBeenCalled());
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Base' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Card declined');
  });

  it('rejects a session without a URL as invalid session data', async () => {
    const backend = signedIn();
    backend.billing.createCheckoutSession = vi.fn(async () => ({ id: 'cs_1' }) as never);
    renderApp('/pricing', backend);
    await waitFor(() => expect(backend.account.ensureAccount).toHaveBeenCalled());
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Base' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Error: ${MESSAGES.invalidSessionData}`);
  });
});

describe('purchase page', () => {
  it('sends a user whose plan is active to billing', async () => {
    vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const { router, backend } = renderApp(
      '/purchase/flipper',
      signedIn({ planIsActive: true, stripeSubscriptionStatus: 'active', stripeCustomerId: 'cus_1' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/billing'));
    expect(backend.billing.createCheckoutSession).not.toHaveBeenCalled();
  });

  it('starts checkout at once when no plan is active', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const { backend } = renderApp('/purchase/premium', signedIn());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_test_1'));
    expect(backend.billing.createCheckoutSession).toHaveBeenCalledWith(
      expect.objectContaining({ priceId: LOCAL_PRICE_IDS.premium }),
    );
  });

  it('shows an unknown plan as an error alert', async () => {
    renderApp('/purchase/gold', signedIn());
    // Once in the page and once as the notification.
    expect(await screen.findAllByText(MESSAGES.noStripePriceId('gold'))).toHaveLength(2);
  });

  it('asks a signed-out visitor to sign in first', async () => {
    const { router } = renderApp('/purchase/base');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/signin'));
    expect(router.state.location.search).toEqual({ next: '/purchase/base' });
  });
});
