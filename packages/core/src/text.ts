// The one slug function, shared with the web's links to team pages.
export { slug } from '@app/contracts/slug';
