/**
 * The table's adapters: each built once per base from its table client and TABLE_NAME, and shared
 * by every area that uses it. A bundle carries only the adapters its areas name.
 */
import type { Base } from './base.ts';
import { once } from './base.ts';

/** An adapter over the app's one table (a repository, a store). */
export type TableAdapter<T> = new (doc: Base['doc'], tableName: string) => T;

/** `Adapter` on this base's table, built once. */
export function table<T>(base: Base, Adapter: TableAdapter<T>): T {
  return once(base, Adapter, () => new Adapter(base.doc, base.config.TABLE_NAME));
}
