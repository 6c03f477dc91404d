/**
 * The HTTP side of a cached read (docs/decisions/0340-http-in-the-http-layer.md): its value's JSON
 * text, entity tag, prebuilt responses and contract check, made once per key the read names its
 * value by (core's `Keyed`: `premium@12`, a view and the load that made it), not once per request.
 * A new key whose JSON is the same as a kept answer's (a refill that found the same content) gets
 * that answer back: its responses are the same frozen objects and its contract is not checked again.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { answerFor, serialise, taggedAnswers, type TaggedAnswers, type TaggedJson } from './cache-control.ts';
import type { HttpResult } from './response.ts';

/** How many keys, and how many distinct bodies, are kept: a read's views and the loads still being served. */
export const KEPT_ANSWERS = 8;

class Answer {
  private readonly built = new Map<boolean, TaggedAnswers>();
  constructor(
    readonly body: TaggedJson,
    private readonly varyOnCookie: boolean,
  ) {}

  /** The response to `event`: shared (for every visitor) or private (a session's). */
  respond(event: APIGatewayProxyEventV2, shared: boolean): HttpResult {
    let answers = this.built.get(shared);
    if (!answers) this.built.set(shared, (answers = taggedAnswers(this.body, { shared, varyOnCookie: this.varyOnCookie })));
    return answerFor(event, this.body.etag, answers);
  }
}

/** Keeps at most KEPT_ANSWERS entries, dropping the oldest first. */
function keep<V>(map: Map<string, V>, key: string, value: V): void {
  map.set(key, value);
  if (map.size > KEPT_ANSWERS) map.delete(map.keys().next().value!);
}

export interface KeyedAnswersOptions {
  /** The route's response contract, run once per distinct body. */
  check: (value: unknown) => Promise<void>;
  varyOnCookie?: boolean;
}

export function keyedAnswers({ check, varyOnCookie = false }: KeyedAnswersOptions) {
  const byKey = new Map<string, Answer>();
  const byEtag = new Map<string, Answer>();
  return async function answerOf(read: { readonly key: string; readonly value: unknown }): Promise<Answer> {
    const known = byKey.get(read.key);
    if (known) return known;
    const body = serialise(read.value);
    let answer = byEtag.get(body.etag);
    if (!answer || answer.body.json !== body.json) {
      answer = new Answer(body, varyOnCookie);
      keep(byEtag, body.etag, answer);
      await check(read.value);
    }
    keep(byKey, read.key, answer);
    return answer;
  };
}
