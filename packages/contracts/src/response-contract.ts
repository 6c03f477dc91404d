// What breaks a response contract: the lines that say so, and the error that carries them.
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

/**
 * An answer that breaks its response contract: a field renamed, added, gone or of another type.
 * The SPA's API client and the integration tests' harness raise it
 * (docs/decisions/0180-response-contracts-kept.md).
 */
export class ResponseContractError extends Error {
  override readonly name = 'ResponseContractError';
}
