import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '../../../shared/schemas';
import { openApiDocument } from './document';

type WebhookEntry = {
  post: {
    parameters: { name: string; in: string }[];
    requestBody: { content: { 'application/json': { example: { event: string; invoice: { id: string } } } } };
  };
};

describe('the OpenAPI webhooks section', () => {
  it('lists every event with the signature headers and a sample payload', () => {
    const webhooks = (openApiDocument() as { webhooks: Record<string, WebhookEntry> }).webhooks;
    expect(Object.keys(webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    for (const event of WEBHOOK_EVENTS) {
      const { post } = webhooks[event];
      expect(post.parameters.filter((p) => p.in === 'header').map((p) => p.name)).toEqual(
        expect.arrayContaining(['webhook-id', 'webhook-timestamp', 'webhook-signature']),
      );
      expect(post.requestBody.content['application/json'].example).toMatchObject({
        event,
        invoice: { id: expect.any(String) },
      });
    }
  });
});
