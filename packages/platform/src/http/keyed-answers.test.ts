import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { serialise } from './cache-control.ts';
import { KEPT_ANSWERS, keyedAnswers } from './keyed-answers.ts';

const event = (headers: Record<string, string> = {}) => ({ headers }) as unknown as APIGatewayProxyEventV2;

function answers() {
  const checked: unknown[] = [];
  const answerOf = keyedAnswers({ check: async (value) => void checked.push(value), varyOnCookie: true });
  return { answerOf, checked };
}

describe('keyedAnswers', () => {
  it('serialises and checks a value once per key, and answers with the same frozen response', async () => {
    // Prepare
    const { answerOf, checked } = answers();

    // Act
    const first = (await answerOf({ key: 'locked@1', value: [{ n: 1 }] })).respond(event(), true);
    const again = (await answerOf({ key: 'locked@1', value: [{ n: 1 }] })).respond(event(), true);

    // Assess
    expect(again).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(first).toMatchObject({ statusCode: 200, body: '[{"n":1}]', headers: { etag: serialise([{ n: 1 }]).etag, vary: 'cookie' } });
    expect(checked).toEqual([[{ n: 1 }]]);
  });

  it('gives a new key with the same content the kept answer, unchecked; new content a new answer, checked', async () => {
    // Prepare
    const { answerOf, checked } = answers();
    const first = await answerOf({ key: 'latest@1', value: { n: 1 } });

    // Act
    const refilled = await answerOf({ key: 'latest@2', value: { n: 1 } });
    const changed = await answerOf({ key: 'latest@3', value: { n: 2 } });

    // Assess
    expect(refilled).toBe(first);
    expect(refilled.respond(event(), true)).toBe(first.respond(event(), true));
    expect(changed).not.toBe(first);
    expect(changed.body.json).toBe('{"n":2}');
    expect(checked).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('answers 304 to a matching If-None-Match, and a private response for a session', async () => {
    const { answerOf } = answers();
    const answer = await answerOf({ key: 'k@1', value: { n: 1 } });
    expect(answer.respond(event({ 'if-none-match': answer.body.etag }), true)).toMatchObject({ statusCode: 304, headers: { etag: answer.body.etag } });
    expect(answer.respond(event(), false).headers).toMatchObject({ 'cache-control': 'private, no-store' });
  });

  it(`keeps at most ${KEPT_ANSWERS} keys: an old one is serialised and checked again`, async () => {
    const { answerOf, checked } = answers();
    for (let i = 0; i <= KEPT_ANSWERS; i++) await answerOf({ key: `k@${i}`, value: { n: i } });
    await answerOf({ key: 'k@0', value: { n: 0 } });
    expect(checked).toHaveLength(KEPT_ANSWERS + 2);
  });
});
