import { PRODUCT_NAME } from '@app/contracts/brand';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';

export const BRAND_NAME = PRODUCT_NAME;

export function BrandMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <circle cx="16" cy="16" r="9" fill="none" stroke="#fff" strokeWidth="2.5" />
      <path d="M16 11l4 3-1.5 4.5h-5L12 14z" fill="#fff" />
    </svg>
  );
}

export function BrandLink() {
  return (
    <Link to={paths.home.getHref()} className="flex items-center gap-2 rounded-lg font-bold tracking-tight">
      <BrandMark />
      <span className="text-base sm:text-lg">{BRAND_NAME}</span>
    </Link>
  );
}
