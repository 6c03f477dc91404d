/** The text of common-passwords.txt (esbuild's text loader; scripts/text-modules.mjs elsewhere). */
declare const text: string;
export default text;
