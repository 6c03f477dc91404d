/**
 * zod/mini building blocks for provider payloads we do not control. A field of the wrong type
 * reads as `undefined` instead of failing the whole payload, and arrays are parsed item by item,
 * so one odd match or bookmaker is skipped without losing the rest.
 */
import * as z from 'zod/mini';

/** A schema whose wrong or missing value reads as `undefined`. */
export const lenient = <T extends z.core.SomeType>(schema: T) => z.catch(z.optional(schema), undefined);

export const optionalText = lenient(z.string());
/** A finite number (zod rejects NaN and infinities). */
export const optionalNumber = lenient(z.number());
/** A non-negative integer (goals). */
export const optionalCount = lenient(z.int().check(z.gte(0)));

/** The items of `value` that `item` accepts, in order; anything that is not an array gives none. */
export function parseEach<T>(item: z.ZodMiniType<T>, value: unknown): T[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v) => {
    const parsed = item.safeParse(v);
    return parsed.success ? [parsed.data] : [];
  });
}

/** An array read item by item with `parseEach`; a missing or non-array value reads as `[]`. */
export const lenientArray = <T>(item: z.ZodMiniType<T>) =>
  z.catch(
    z.pipe(
      z.array(z.unknown()),
      z.transform((items): T[] => parseEach(item, items)),
    ),
    [],
  );
