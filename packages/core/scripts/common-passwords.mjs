// Writes src/auth/common-passwords.txt from the npm package @zxcvbn-ts/language-common (its
// frequency-ranked list of leaked passwords): the most common ones our length rule would let
// through, one a line, most common first. Source and licence: src/auth/common-passwords-source.md.
// A unit test checks that the committed file is what this script writes.
//   node scripts/common-passwords.mjs           writes the file
//   node scripts/common-passwords.mjs --print   prints it instead
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { dictionary } from '@zxcvbn-ts/language-common';

/** How many of the most common passwords of 8+ characters are kept (about 46 KB in a bundle). */
export const COMMON_PASSWORD_COUNT = 5000;
const MIN_LENGTH = 8;

/** The file's text: the kept passwords in lower case, one a line, with a final newline. */
export function commonPasswordsText() {
  const kept = [...new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()).filter((p) => p.length >= MIN_LENGTH && !/\s/.test(p)))].slice(
    0,
    COMMON_PASSWORD_COUNT,
  );
  return `${kept.join('\n')}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = commonPasswordsText();
  if (process.argv.includes('--print')) process.stdout.write(text);
  else writeFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'auth', 'common-passwords.txt'), text);
}
