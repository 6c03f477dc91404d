/**
 * The gambling-help services every page names (the footer, /responsible-gambling, the account's
 * protections): docs/decisions/0166-help-services-and-numbers.md says why these and how the US
 * numbers stand. Plain data, in the entry chunk with the footer (what each one does is said on
 * /responsible-gambling).
 */
export type HelpService = { name: string; url: string; phone?: { label: string; href: string } };

export const HELP_SERVICES: HelpService[] = [
  { name: 'BeGambleAware', url: 'https://www.begambleaware.org/' },
  { name: 'GamCare', url: 'https://www.gamcare.org.uk/', phone: { label: '0808 8020 133', href: 'tel:+448088020133' } },
  { name: 'NCPG', url: 'https://www.ncpgambling.org/', phone: { label: '1-800-MY-RESET', href: 'tel:+18006973738' } },
  { name: 'CCGNJ', url: 'https://www.800gambler.org/', phone: { label: '1-800-GAMBLER', href: 'tel:+18004262537' } },
];
