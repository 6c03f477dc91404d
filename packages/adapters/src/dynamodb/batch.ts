import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** Puts items 25 at a time, retrying what DynamoDB leaves unprocessed. */
export async function batchPut(doc: DynamoDBDocumentClient, tableName: string, items: Record<string, unknown>[]): Promise<void> {
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) chunks.push(items.slice(i, i + 25));
  // A few chunks in flight at once: enough to hide latency without throttling a small table.
  for (let i = 0; i < chunks.length; i += 4) {
    await Promise.all(
      chunks.slice(i, i + 4).map(async (chunk) => {
        let requests = chunk.map((Item) => ({ PutRequest: { Item } }));
        for (let attempt = 0; requests.length > 0; attempt++) {
          if (attempt > 6) throw new Error('BatchWriteItem kept leaving items unprocessed');
          const out = await doc.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
          requests = (out.UnprocessedItems?.[tableName] ?? []) as typeof requests;
          if (requests.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
        }
      }),
    );
  }
}
