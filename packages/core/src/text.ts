// Text helpers every area shares: the one slug function (shared with the web's links to team
// pages) and how the server writes an instant in a message (`utcInstant`, `utcMinute`).
export { slug } from '@app/contracts/slug';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Sat, 21 Mar 2026, 10:00 UTC": how the server names an instant in a message (the same on every runtime's ICU). */
export function utcInstant(iso: string): string {
  const d = new Date(iso);
  const time = d.toISOString().slice(11, 16);
  return `${WEEKDAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${time} UTC`;
}

/** "2026-03-21 10:00 UTC": an instant to the minute as an email's line names it (a kickoff, when a message came in). */
export function utcMinute(iso: string): string {
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}
