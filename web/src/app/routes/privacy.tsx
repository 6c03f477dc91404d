import { LegalPage, type LegalSection } from '@/components/layouts/legal-page';

const LAST_UPDATED = '22 November 2026';

const SECTIONS: LegalSection[] = [
  {
    heading: 'What we collect',
    paragraphs: [
      'Your account: your email address, a secure hash of your password (never the password itself) and your subscription status.',
      'Payments are handled by our payment provider, Stripe. We never see or store your card number; we keep only the references needed to manage your subscription.',
      'If you contact us, the name, email address and message you send us.',
    ],
  },
  {
    heading: 'Cookies and storage',
    paragraphs: [
      'We use one essential cookie to keep you signed in. It cannot be read by scripts on the page and is removed when you log out.',
      'Your browser also keeps a copy of your email and plan (under the key "user") so the page can show them quickly. It is not used for tracking.',
      'We do not use advertising or cross-site tracking cookies.',
    ],
  },
  {
    heading: 'How we use your data',
    paragraphs: [
      'To provide the service: sign you in, show the features of your plan, manage your subscription and answer your messages.',
      'We do not sell your personal data or share it with advertisers.',
    ],
  },
  {
    heading: 'How long we keep it',
    paragraphs: [
      'We keep your account data while your account exists. When you delete your account from Account Settings, we delete your personal data, except records we must keep by law (for example payment records for tax purposes).',
    ],
  },
  {
    heading: 'Your rights',
    paragraphs: [
      'Under UK data protection law you can ask for a copy of your data, ask us to correct or delete it, and object to how we use it. You can also complain to the Information Commissioner’s Office (ICO).',
    ],
  },
];

export default function PrivacyRoute() {
  return (
    <LegalPage
      title="Privacy Policy"
      lastUpdated={LAST_UPDATED}
      sections={SECTIONS}
      contactLead="To exercise your rights or ask about this policy,"
      contactLabel="contact us"
    />
  );
}
