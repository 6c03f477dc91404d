const SITE_NAME = 'AI Football Predictions';

/** Sets the document title; React 19 hoists `<title>` into `<head>`. */
export function Head({ title }: { title?: string }) {
  return <title>{title ? `${title} | ${SITE_NAME}` : SITE_NAME}</title>;
}
