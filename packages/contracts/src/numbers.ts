/**
 * A whole number with thousands separators (`1,000,000`), written by hand: `toLocaleString`
 * builds an ICU number format on first use, and a schema's message built with it ran that work
 * while a page's modules were evaluated (tens to hundreds of milliseconds on a phone's CPU), on
 * every page that loads the schema.
 */
export function thousands(count: number): string {
  return String(Math.round(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
