/**
 * Lenient readers for provider JSON: a wrong type reads as undefined instead of throwing, so one
 * odd match or bookmaker is skipped without losing the rest of the payload. (zod is not a
 * dependency of this package; see the adapters' report.)
 */
export type JsonObject = Record<string, unknown>;

export function asObject(v: unknown): JsonObject | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as JsonObject) : undefined;
}

export function asArray(v: unknown): unknown[] | undefined {
  return Array.isArray(v) ? v : undefined;
}

export function asString(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

export function asNumber(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** A non-negative integer (goals). */
export function asCount(v: unknown): number | undefined {
  const n = asNumber(v);
  return n !== undefined && Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** The objects of an array field, skipping anything that is not an object. */
export function objects(v: unknown): JsonObject[] {
  return (asArray(v) ?? []).flatMap((x) => {
    const o = asObject(x);
    return o ? [o] : [];
  });
}

/** An integer header value, undefined when absent or not a number. */
export function headerInt(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw === null || raw.trim() === '') return undefined;
  const n = Number(raw.trim());
  return Number.isFinite(n) ? n : undefined;
}
