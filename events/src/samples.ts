// Sample events for handler tests: real AWS shapes, overridable per test.
import type { APIGatewayProxyEventV2, SQSEvent, SQSRecord } from 'aws-lambda';
import { createHash } from 'node:crypto';
import apiGatewaySample from '../samples/api-gateway-v2.json' with { type: 'json' };
import sqsSample from '../samples/sqs-event.json' with { type: 'json' };

export interface HttpEventOptions {
  method?: string;
  path?: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  cookies?: string[];
  body?: string | Buffer | object;
  sourceIp?: string;
  pathParameters?: Record<string, string>;
}

/** An API Gateway HTTP API (payload v2) event, as the local server and AWS deliver it. */
export function apiGatewayEvent(options: HttpEventOptions = {}): APIGatewayProxyEventV2 {
  const base = structuredClone(apiGatewaySample) as unknown as APIGatewayProxyEventV2;
  const method = options.method ?? 'GET';
  const path = options.path ?? '/api/predictions';
  const query = new URLSearchParams(options.query ?? {});
  const headers: Record<string, string | undefined> = { ...base.headers, ...lowerKeys(options.headers ?? {}) };
  let body: string | undefined;
  let isBase64Encoded = false;
  if (Buffer.isBuffer(options.body)) {
    body = options.body.toString('base64');
    isBase64Encoded = true;
  } else if (typeof options.body === 'string') {
    body = options.body;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  return {
    ...base,
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: query.toString(),
    queryStringParameters: options.query,
    pathParameters: options.pathParameters,
    headers,
    cookies: options.cookies ?? [],
    body,
    isBase64Encoded,
    requestContext: {
      ...base.requestContext,
      routeKey: `${method} ${path}`,
      requestId: `test-${Math.random().toString(36).slice(2)}`,
      http: { ...base.requestContext.http, method, path, sourceIp: options.sourceIp ?? base.requestContext.http.sourceIp },
    },
  };
}

/** An SQS event whose records carry the given bodies (objects are JSON-encoded). */
export function sqsEvent(bodies: Array<string | object>, queue = 'jobs-planner'): SQSEvent {
  const template = sqsSample.Records[0] as SQSRecord;
  return {
    Records: bodies.map((b, i) => {
      const body = typeof b === 'string' ? b : JSON.stringify(b);
      return {
        ...template,
        messageId: `msg-${i}-${Math.random().toString(36).slice(2)}`,
        body,
        md5OfBody: createHash('md5').update(body).digest('hex'),
        eventSourceARN: `arn:aws:sqs:eu-west-2:123456789012:${queue}`,
      };
    }),
  };
}

function lowerKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}
