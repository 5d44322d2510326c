import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';

describe('spec §5 validation messages', () => {
  it.each([
    [MESSAGES.noValidImages, 'No valid image files were selected. Please try again with image files.'],
    [MESSAGES.invalidImageSelected, 'Invalid image selected. Please select another image or upload a new one.'],
    [MESSAGES.selectedImageNotValid, 'The selected image is not valid. Please select another image or upload a new one.'],
    [MESSAGES.uploadAtLeastOne, 'Please upload at least one image first'],
    [MESSAGES.needCredits, 'You need credits to generate images.'],
    [MESSAGES.allProcessed, 'All images have already been processed.'],
    [MESSAGES.titleRequired, 'Title is required'],
    [MESSAGES.descriptionRequired, 'Description is required'],
    [MESSAGES.priceRequired, 'Price is required'],
    [MESSAGES.emailRequired, 'Please enter an email address'],
    [MESSAGES.passwordRequired, 'Please enter a password'],
    [MESSAGES.confirmRequired, 'Please enter your password again'],
    [MESSAGES.confirmMismatch, "This doesn't match your password"],
    [MESSAGES.nameRequired, 'Please enter your name'],
    [MESSAGES.profileEmailRequired, 'Please enter your email'],
    [MESSAGES.reauthPasswordRequired, 'Please enter your password'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('fills in the Generate All numbers', () => {
    expect(MESSAGES.needCreditsForAll(5, 2)).toBe(
      'You need 5 credits to generate all remaining images. You currently have 2 credits.',
    );
    expect(MESSAGES.confirmGenerateAll(5)).toBe(
      'This will generate images for all 5 unprocessed images and use 5 credits. Continue?',
    );
  });
});

describe('spec §8 error catalogue', () => {
  it.each([
    [
      MESSAGES.emailChangeConfirm,
      'To complete this process click the confirmation links sent to your new and old email addresses',
    ],
    [MESSAGES.stripeNotLoaded, "Stripe hasn't loaded yet. Please try again in a moment."],
    [MESSAGES.checkoutSessionError, 'An error occurred while creating the checkout session'],
    [MESSAGES.billingSessionError, 'Error creating billing session'],
    [MESSAGES.invalidSessionData, 'Invalid session data received from server'],
    [MESSAGES.originalImageError, 'Error displaying original image'],
    [MESSAGES.selectedImageDisplayError, 'Error displaying the selected image. Please try another image.'],
    [MESSAGES.unknownProcessingError, 'Unknown processing error'],
    [MESSAGES.billingPortalFailed, 'Failed to access billing portal. Please try again.'],
    [MESSAGES.passwordResetSent, 'Password reset email sent'],
    [MESSAGES.passwordChanged, 'Your password has been changed'],
    [MESSAGES.profileUpdated, 'Your profile has been updated'],
    [MESSAGES.passwordUpdated, 'Your password has been updated'],
    [MESSAGES.reauthTitle, 'Please sign in again to complete this action'],
    [MESSAGES.feedbackDialogTitle, "We're sorry you didn't like the result"],
    [MESSAGES.feedbackDialogDecline, 'No, thanks'],
    [MESSAGES.feedbackDialogAccept, 'Yes, show me tips'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('names the plan that has no price id', () => {
    expect(MESSAGES.noStripePriceId('flipper')).toBe('No Stripe price ID found for plan: flipper');
  });

  it('wraps checkout redirect and pricing failures', () => {
    expect(MESSAGES.checkoutRedirectFailed('blocked')).toBe('Failed to redirect to checkout: blocked');
    expect(MESSAGES.pricingError('card declined')).toBe('Error: card declined');
  });

  it('explains the extra user data failure and MERGE_DB_USER', () => {
    expect(MESSAGES.mergeDbUserError('permission-denied')).toBe(
      'Error: permission-denied. This happened while attempting to fetch extra user data from the database to include with the authenticated user. Make sure the database is setup or disable merging extra user data by setting MERGE_DB_USER to false.',
    );
  });

  it('formats the HTTP fallback and the 404 text', () => {
    expect(MESSAGES.httpError(502)).toBe('HTTP error! status: 502');
    expect(MESSAGES.pageNotFound('/nowhere')).toBe('The page at /nowhere could not be found');
  });
});
