import { LegalPage, type LegalSection } from '@/components/layouts/legal-page';
import { SELF_EXCLUSION_MONTHS, TERMS_VERSION } from '@app/contracts/responsible-gambling';

import { PREMIUM_PRICE_USD } from '@/config/product';
import { BREAK_LENGTHS_TEXT } from '@/features/responsible-gambling/utils/break-lengths';
import { formatLongDate } from '@/utils/format';

/** The version every sign-up accepts is the date of these terms. */
const LAST_UPDATED = formatLongDate(TERMS_VERSION);

/** docs/product.md#terms: the terms' business rules, stated word for word where the product gives them. */
const SECTIONS: LegalSection[] = [
  {
    heading: '1. The service',
    paragraphs: [
      'We publish AI-generated predictions for football matches. Visitors and free users see fixtures; Premium subscribers also see the full probabilities, value-bet flags and performance analytics.',
    ],
  },
  {
    heading: '2. Not betting advice',
    paragraphs: [
      'Predictions are estimates of probability, not certainties or financial advice. You are responsible for any decision you make using them. You must be 18 or over to use the service.',
    ],
  },
  {
    heading: '3. Responsible gambling',
    paragraphs: [
      `You can take a break of ${BREAK_LENGTHS_TEXT} from Account Settings: until it ends we show you no odds, probabilities or value flags, and it cannot be shortened.`,
      `You can exclude yourself for ${SELF_EXCLUSION_MONTHS} months: your subscription ends with the period you paid for and your account stays locked until the ${SELF_EXCLUSION_MONTHS} months are over.`,
    ],
  },
  {
    heading: '4. Your account',
    paragraphs: ['Keep your password secret and tell us if you think someone else has used your account. One account is for one person.'],
  },
  {
    heading: '5. Subscriptions and billing',
    paragraphs: [
      `Premium costs $${PREMIUM_PRICE_USD} per month and renews automatically each month until you cancel.`,
      'You can cancel at any time from Account Settings. Cancellation takes effect at the end of the current billing period, and you keep Premium until then.',
      'We do not give refunds for partial months.',
      "We will give you at least 30 days' notice of any price change; the new price applies from your next billing period after that notice.",
    ],
  },
  {
    heading: '6. Availability',
    paragraphs: ['We aim for 99% uptime; the service may still at times be unavailable or have errors.'],
  },
  {
    heading: '7. Limitation of liability',
    paragraphs: [
      'Our total liability to you is limited to the amount you paid us in the last 12 months. Nothing in these terms limits liability that cannot be limited by law.',
    ],
  },
  {
    heading: '8. Governing law',
    paragraphs: ['These terms are governed by the law of England and Wales, and the courts of England and Wales have jurisdiction.'],
  },
  {
    heading: '9. Changes to these terms',
    paragraphs: ['If we change these terms in a way that matters, we will tell you before the change takes effect.'],
  },
];

export default function TermsRoute() {
  return (
    <LegalPage title="Terms of Service" lastUpdated={LAST_UPDATED} sections={SECTIONS} contactLead="Questions about these terms?" contactLabel="Contact us" />
  );
}
