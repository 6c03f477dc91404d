/** Letters that Unicode decomposition keeps whole, spelled as club names are transliterated. */
const LETTERS: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', ı: 'i', þ: 'th' };

/**
 * The URL- and id-safe form of a name: lower case ASCII words joined by '-', accents dropped
 * ('Atlético Madrid' -> 'atletico-madrid', 'Bodø/Glimt' -> 'bodo-glimt', "Nott'm Forest" ->
 * 'nott-m-forest'). Every id built from a club name goes through this one function: the server's
 * team ids and the web's links to a team page (`/teams/<slug>`) alike.
 */
export function slug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđðłıþ]/g, (letter) => LETTERS[letter]!)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
