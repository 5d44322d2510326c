/**
 * Every user-facing message the spec quotes (§5 validation, §8 error catalogue), word for word,
 * plus the API's own error messages. Components, services and the CLI import from here so a
 * message has one spelling.
 */
export const MESSAGES = {
  // §5 upload and generation
  noValidImages: 'No valid image files were selected. Please try again with image files.',
  invalidImageSelected: 'Invalid image selected. Please select another image or upload a new one.',
  selectedImageNotValid: 'The selected image is not valid. Please select another image or upload a new one.',
  uploadAtLeastOne: 'Please upload at least one image first',
  needCredits: 'You need credits to generate images.',
  needCreditsForAll: (needed: number, have: number) =>
    `You need ${needed} credits to generate all remaining images. You currently have ${have} credits.`,
  confirmGenerateAll: (count: number) =>
    `This will generate images for all ${count} unprocessed images and use ${count} credits. Continue?`,
  allProcessed: 'All images have already been processed.',

  // §5 forms
  emailRequired: 'Please enter an email address',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Please enter a password',
  confirmRequired: 'Please enter your password again',
  confirmMismatch: "This doesn't match your password",
  nameRequired: 'Please enter your name',
  nameInvisibleCharacters:
    'Name must not contain control characters, line breaks or invisible characters such as zero-width spaces and text-direction marks.',
  profileEmailRequired: 'Please enter your email',
  reauthPasswordRequired: 'Please enter your password',
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  priceRequired: 'Price is required',
  priceNotNumber: 'Price must be a number',
  priceMinimum: 'Price must be 0 or more',
  itemStateInvalid: 'State must be active or sold',
  itemImagesOnly: 'Only image files can be attached to a listing',

  // Listing facts and conversations (issue 25)
  conditionInvalid: 'Condition must be new, like new, good, fair or for parts.',
  dimensionNotNumber: (side: string) => `${side} must be a number.`,
  dimensionPositive: (side: string) => `${side} must be more than 0.`,
  dimensionsIncomplete: 'Give width, depth and height, or leave all three empty.',
  dimensionTooLarge: (max: number, unit: string) => `A side can be at most ${max} ${unit}.`,
  unitInvalid: 'The unit must be cm or in.',
  pickupAreaInvalid: 'The pickup area must be text.',
  pickupAreaNotAddress:
    'Enter a city, neighbourhood or postcode, not a street address: buyers get the address once you agree.',
  deliveryInvalid: 'Delivery must be yes or no.',
  vintageInvalid: 'Vintage must be yes or no.',
  listingStyleInvalid: 'Choose one of the design styles.',
  listingTypeInvalid: 'Choose one of the furniture types.',
  messageRequired: 'Please write a message.',
  messageTooLong: (max: number) => `A message can be at most ${max} characters.`,
  offerPriceRequired: 'Please enter the price you offer.',
  conversationNotFound: 'Conversation not found.',
  notParticipant: 'Only the buyer and the seller can see this conversation.',
  ownListingMessage: 'This is your own listing.',
  listingNotAvailable: 'This listing is no longer available.',
  blockedBySeller: 'The seller is not accepting messages from you.',
  offerNotPending: 'This offer has already been answered.',
  onlySellerDecides: 'Only the seller can do that.',
  reportReasonRequired: 'Please tell us what is wrong.',
  alreadyReported: 'You have already reported this.',

  // Reports and their review (issue 40)
  reportNeedsAccount: 'Please sign up to report a listing or a message.',
  reportNeedsVerifiedEmail: 'Please confirm your email address before you report.',
  writeNeedsAccount: 'Please sign up to message sellers, make offers or list your furniture.',
  writeNeedsVerifiedEmail: 'Please confirm your email address first: open the link we emailed you.',
  moderatorsOnly: 'Only moderators can do that.',
  removalReasonRequired: 'Please tell the seller why the listing is removed.',

  // §8 error catalogue
  emailChangeConfirm: 'To complete this process click the confirmation links sent to your new and old email addresses',
  stripeNotLoaded: "Stripe hasn't loaded yet. Please try again in a moment.",
  noStripePriceId: (plan: string) => `No Stripe price ID found for plan: ${plan}`,
  checkoutSessionError: 'An error occurred while creating the checkout session',
  checkoutRedirectFailed: (message: string) => `Failed to redirect to checkout: ${message}`,
  billingSessionError: 'Error creating billing session',
  invalidSessionData: 'Invalid session data received from server',
  pricingError: (message: string) => `Error: ${message}`,
  mergeDbUserError: (message: string) =>
    `Error: ${message}. This happened while attempting to fetch extra user data from the database to include with the authenticated user. Make sure the database is setup or disable merging extra user data by setting MERGE_DB_USER to false.`,
  originalImageError: 'Error displaying original image',
  selectedImageDisplayError: 'Error displaying the selected image. Please try another image.',
  unknownProcessingError: 'Unknown processing error',
  billingPortalFailed: 'Failed to access billing portal. Please try again.',
  httpError: (status: number) => `HTTP error! status: ${status}`,
  pageNotFound: (path: string) => `The page at ${path} could not be found`,
  downloadFailed: 'The image could not be downloaded. Please check your connection and try again.',

  // §8 success alerts
  passwordResetSent: 'Password reset email sent',
  passwordChanged: 'Your password has been changed',
  profileUpdated: 'Your profile has been updated',
  passwordUpdated: 'Your password has been updated',

  // §2 / §4 dialogs
  reauthTitle: 'Please sign in again to complete this action',
  feedbackDialogTitle: "We're sorry you didn't like the result",
  feedbackDialogDecline: 'No, thanks',
  feedbackDialogAccept: 'Yes, show me tips',

  // API errors (DESIGN §4)
  signInRequired: 'Please sign in to continue.',
  invalidToken: 'Your session has expired. Please sign in again.',
  notOwner: 'Only the owner of this listing can change it.',
  itemNotFound: 'Listing not found.',
  notFound: 'Not found.',
  blobLinkRefused: 'This image link has expired or is not valid. Open the image again from your account.',
  fileTooLarge: 'The file is too large.',
  photoTooLarge: (megabytes: number) =>
    `This photo is larger than ${megabytes} MB, the most one staging takes. Please upload a smaller photo.`,
  tooManyFiles: 'Too many files were attached.',
  listingImagesTooLarge: 'These images add up to more than 30 MB. Please choose fewer or smaller photos.',
  imageFileRequired: 'Please attach an image file as imageFile.',
  unsupportedImage: 'This file is not a supported image. Please upload a JPEG, PNG, WebP, HEIC, TIFF or GIF photo.',
  imageTooLarge: 'This image is too large to process. Please upload a photo under 40 megapixels.',
  stagingUnavailable: 'The staging service is unavailable right now. Your credit was refunded; please try again.',
  stagingRejected: 'The staging service could not process this image. Your credit was refunded.',
  /** The engine's worker thread died (or ran past the deadline) on this photo: `charged` says whether a credit was taken and given back. */
  engineStopped: (how: 'crashed' | 'timed-out', charged: boolean) =>
    `${how === 'timed-out' ? 'This photo took the staging engine too long, so it was stopped' : 'The staging engine stopped while working on this photo'}. ${charged ? 'Your credit was refunded' : 'No credit was used'}; please try again.`,
  noFurnitureFound:
    "We couldn't find the furniture in this photo. Try a photo where the piece stands clear of its background, whole and not cut off by the frame. Your credit was refunded.",
  unsureSubject:
    "We're not sure which piece to stage in this photo. Mark it: tap the piece or drag a box around it, then generate again. No credit was used.",
  markThePiece: "We're not sure which piece to stage in this photo. Tap the piece, or drag a box around it.",
  invalidSubjectHint: 'The marked piece must be a point or a box inside the photo.',
  invalidBrushStrokes: 'The brush strokes could not be read. Clear them and paint again.',
  invalidFurnitureConfirmation: 'confirmedFurniture must be "yes" when it is sent.',
  invalidStyle: 'Unknown design style.',
  invalidFurnitureType: 'Unknown furniture type.',
  invalidMode: 'Mode must be auto or custom.',
  invalidVariant: 'Variant must be a whole number from 0 to 99.',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 200 characters.',
  unknownPriceId: 'Unknown price ID.',
  urlRequired: 'A valid URL is required.',
  noStripeCustomer: 'No billing account was found for this user.',
  planNotActive: 'Your plan is not active. Choose a plan on the pricing page.',
  subscriptionExists: 'You already have an active plan. To change or cancel it, open Settings → Billing.',
  redirectOffSite: 'Redirect addresses must be pages on this site.',
  webhookSignatureInvalid: 'Invalid webhook signature.',
  internalError: 'Something went wrong on our side. Please try again.',
  invalidCursor: 'Invalid cursor.',
  promptTooLong: 'The prompt must be 2000 characters or fewer.',
  avatarInvalid:
    'The avatar must be an https address of your photo at Google, Facebook, X or GitHub, or of a photo uploaded to FlipStage.',
  multipartRequired: 'The request must be sent as multipart/form-data.',
  invalidJson: 'The request body must be valid JSON.',
  tooManyFields: 'Too many form fields were sent.',
  invalidSize: 'Size must be standard or hd.',
  hdNeedsPlan: 'HD output needs an active Flipper or Premium plan.',
  marketplacesNeedPlan: 'Posting to marketplaces needs an active Flipper or Premium plan.',
  stageInProgress: 'This image is still being staged. Please try again in a moment.',
  tooManyRequests: 'Too many requests in a short time. Please wait a moment and try again.',
  serverBusy: 'The server is busy receiving other uploads. Please try again in a moment.',
  appCheckRequired: 'This request did not come from the FlipStage app. Please reload the page and try again.',
  appCheckInvalid: 'The app check for this request failed or expired. Please reload the page and try again.',
  tooManyNewAccounts: 'Too many new accounts were made from this network recently. Please try again later.',
  unreadableClientAddress:
    'Your network address could not be read from this request. Please try again without a proxy.',

  // Input checked at the edge: text, ids, queries and images (issue 12)
  controlCharacters: (field: string) => `${field} must not contain control characters.`,
  tooLong: (field: string, max: number) => `${field} must be ${max} characters or fewer.`,
  priceMaximum: 'Price must be 1,000,000 or less',
  priceDecimals: 'Price can have at most 2 decimal places',
  invalidItemId: 'The listing id is not valid.',
  invalidSellerId: 'The seller id is not valid.',
  imageEditIdsInvalid: (max: number) =>
    `Ids must be 1 to ${max} image edit ids, separated by commas, each of letters, digits, - or _.`,
  idsWithCursor: 'Ask for image edits by ids or by cursor, not both.',
  notFurniture: (seen: string) =>
    `This looks like ${seen}, not furniture. FlipStage stages furniture and home decor: try a photo of the piece you are selling. No credit was used.`,
  queryNotText: (name: string) => `The ${name} parameter must be sent once, as text.`,
  sortInvalid: 'Sort must be newest, price-asc or price-desc.',
  priceFilterInvalid: (label: string) => `${label} price must be a number of 0 or more.`,
  priceRangeReversed: 'The minimum price is above the maximum price.',
  imageDamaged: 'This image is damaged or incomplete. Please upload it again.',
  invalidAddress: 'The address is not valid.',

  // Try before sign-up (issue 24)
  emailTakenSignedIn:
    'That email already has an account, so you are now signed in to it. Photos you staged before signing in stay in this browser only.',
} as const;
