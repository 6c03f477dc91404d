import type { core } from 'zod/mini';

/**
 * Each issue of a failed parse as `path: what broke`, e.g. `picks.0.market: expected one of 1x2,
 * ou25` or `(body): fields the contract does not name: region`. zod/mini carries no message
 * texts (docs/decisions/0001-zod-mini.md), so the line is made from the issue itself.
 */
export function issueLines(issues: readonly core.$ZodIssue[]): string[] {
  return issues.map((i) => {
    const where = i.path.join('.') || '(body)';
    if (i.code === 'unrecognized_keys') return `${where}: fields the contract does not name: ${i.keys.join(', ')}`;
    if (i.code === 'invalid_type') return `${where}: expected ${i.expected}`;
    if (i.code === 'invalid_value') return `${where}: expected one of ${i.values.map(String).join(', ')}`;
    return `${where}: ${i.code}`;
  });
}
