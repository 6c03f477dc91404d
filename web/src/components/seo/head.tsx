import { PRODUCT_NAME } from '@app/contracts/brand';

const SITE_NAME = PRODUCT_NAME;

/** Sets the document title; React 19 hoists `<title>` into `<head>`. */
export function Head({ title }: { title?: string }) {
  return <title>{title ? `${title} | ${SITE_NAME}` : SITE_NAME}</title>;
}
