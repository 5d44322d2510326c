import { PLANS, SIGNUP_CREDITS } from '@flipstage/core';

const [base, flipper, premium] = PLANS;

/** The pricing page's 12 questions; also published as FAQPage structured data. */
export const PRICING_FAQ: readonly { question: string; answer: string }[] = [
  {
    question: 'What is a credit?',
    answer:
      'One credit stages one image: you upload a photo of a piece, we return it in a styled room. Generating the same photo again in another style uses another credit.',
  },
  {
    question: 'Do I get anything for free?',
    answer: `Yes. Every new account gets ${SIGNUP_CREDITS} free credits at sign-up, so you can stage ${SIGNUP_CREDITS} photos before choosing a plan.`,
  },
  {
    question: 'How does the free trial work?',
    answer:
      'Your first subscription starts with a free trial. Your card is not charged until the trial ends, and you can cancel from the billing portal before then at no cost.',
  },
  {
    question: 'What happens to credits I do not use?',
    answer:
      'Unused credits accumulate month to month. They stay on your account as long as you have it, so a slow month never wastes what you paid for.',
  },
  {
    question: 'What happens when I upgrade?',
    answer: `Upgrading keeps every credit you already have and adds the new plan's monthly amount: ${base?.monthlyCredits}, ${flipper?.monthlyCredits} or ${premium?.monthlyCredits} credits.`,
  },
  {
    question: 'Can I cancel at any time?',
    answer:
      'Yes, from Settings → Billing. Cancelling keeps access until expiry: your plan stays active until the end of the period you paid for, and your credits stay usable.',
  },
  {
    question: 'What is the difference between standard and HD downloads?',
    answer:
      'Base downloads are up to 1024 pixels on the long side, which suits most listing sites. Flipper and Premium stage in HD, up to 2048 pixels, for zoomable listings and print.',
  },
  {
    question: 'Which furniture and styles are supported?',
    answer:
      'Dressers and cabinets, sofas, dining tables, accent chairs, coffee tables, beds, desks and bookcases, in eight styles from Modern and Mid-Century Modern to Farmhouse, Industrial, Bohemian, Traditional, Scandinavian and Coastal. You can also write your own room prompt.',
  },
  {
    question: 'Can I sell my furniture on FlipStage?',
    answer:
      'Yes. Any signed-in user can list pieces on the FlipStage marketplace with a title, description, price, tags and photos, and send a staged image straight to a new listing.',
  },
  {
    question: 'Can I stage a whole folder of photos at once?',
    answer:
      'Yes. The flipstage command-line tool logs in to your account and stages every photo in a folder, using the same credits. It is included in every plan and made for Premium inventories.',
  },
  {
    question: 'Who owns the staged images?',
    answer:
      'You do. You can download, share and use the images you create in your own listings and ads. We store them in your account so you can download them again from your dashboard.',
  },
  {
    question: 'How fast is support?',
    answer:
      'We reply to every support message within 24 hours, and Flipper and Premium subscribers get priority support. Use the contact button on this page or the chat bubble.',
  },
];

export function faqStructuredData(): string {
  return JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: PRICING_FAQ.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  });
}
