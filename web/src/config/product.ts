/** Business constants of docs/product.md#business-constants that the UI states in words. */

export { HIGH_CONFIDENCE_PERCENT as HIGH_CONFIDENCE_THRESHOLD, PREMIUM_PRICE_USD, STAKE_USD } from '@app/contracts/rules';

export const FREE_PRICE_USD = 0;
export const MEMBER_COUNT_LABEL = '2,500+';

/** The three models and their weights in the ensemble (marketing copy, docs/product.md#audience-and-plans). */
export const MODELS = [
  { name: 'Statistical learning', weight: 40 },
  { name: 'Football-optimised AI', weight: 30 },
  { name: 'Dynamic team rating', weight: 30 },
] as const;

export const CONTACT_REPLY_HOURS = 24;
export const SUPPORT_HOURS = 'Mon-Fri, 9:00-18:00 GMT';
