/** The attributes the table adds to a domain record: its keys, index keys, item type and schema version. */
const STORAGE_ATTRIBUTES = new Set(['PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK', 'GSI3PK', 'GSI3SK', 'type', 'schemaVersion']);

/** The domain record an item stores: the item without the table's own attributes. */
export function recordOf<T>(item: Record<string, unknown>): T {
  return Object.fromEntries(Object.entries(item).filter(([name]) => !STORAGE_ATTRIBUTES.has(name))) as T;
}
