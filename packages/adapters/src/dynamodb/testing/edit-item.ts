import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** Sets one attribute of an item directly in the table, as someone with write access could by hand: tests of what must notice. */
export async function editItemByHand(
  doc: DynamoDBDocumentClient,
  tableName: string,
  key: Record<string, string>,
  attribute: string,
  value: unknown,
): Promise<void> {
  await doc.send(
    new UpdateCommand({
      TableName: tableName,
      Key: key,
      UpdateExpression: 'SET #a = :v',
      ExpressionAttributeNames: { '#a': attribute },
      ExpressionAttributeValues: { ':v': value },
    }),
  );
}
