/** The product's one name: the site's header and title, every email's sender and subject, the local checkout. */
export const PRODUCT_NAME = 'AI Football Predictions';
