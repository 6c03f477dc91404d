import { paths } from '@/config/paths';

export type NavItem = { label: string; to: string; end?: boolean };

/**
 * docs/product.md#header-and-footer: the header links (and the phone menu's). The league pages
 * for everyone; /analytics for subscribers, who are offered no Pricing link (they have the plan).
 */
export function headerNavItems(viewer: { isPremium: boolean } | null): NavItem[] {
  const premium = viewer?.isPremium === true;
  return [
    { label: 'Home', to: paths.home.getHref(), end: true },
    { label: 'Predictions', to: paths.predictions.getHref() },
    { label: 'Results', to: paths.results.getHref() },
    { label: 'Leagues', to: paths.leagues.getHref() },
    ...(premium ? [{ label: 'Analytics', to: paths.analytics.getHref() }] : []),
    { label: 'How It Works', to: paths.howItWorks.getHref() },
    ...(premium ? [] : [{ label: 'Pricing', to: paths.pricing.getHref() }]),
  ];
}

/** docs/product.md#header-and-footer: the footer links, grouped. */
export const footerNavGroups: { heading: string; items: NavItem[] }[] = [
  {
    heading: 'Product',
    items: [
      { label: 'Predictions', to: paths.predictions.getHref() },
      { label: 'How It Works', to: paths.howItWorks.getHref() },
      { label: 'Pricing', to: paths.pricing.getHref() },
    ],
  },
  {
    heading: 'Company',
    items: [
      { label: 'About', to: paths.about.getHref() },
      { label: 'Contact', to: paths.contact.getHref() },
    ],
  },
  {
    heading: 'Legal',
    items: [
      { label: 'Privacy Policy', to: paths.privacy.getHref() },
      { label: 'Terms of Service', to: paths.terms.getHref() },
    ],
  },
];
