import { describe, expect, it } from 'vitest';
import { openApiDocument } from './document';

type Doc = {
  components: {
    schemas: Record<string, { properties: Record<string, { type?: unknown; enum?: unknown[] }> }>;
  };
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
  >;
};
const doc = openApiDocument() as Doc;

describe('the OpenAPI document', () => {
  it('lets a nullable literal be null (zod-to-openapi leaves null out of its enum)', () => {
    expect(doc.components.schemas.Invoice?.properties.reviewStatus).toEqual({
      type: ['string', 'null'],
      enum: ['REQUIRES_REVIEW', null],
    });
  });

  it('declares its own answer as a JSON object', () => {
    const answer = doc.paths['/api/openapi.json']?.get?.responses['200']?.content?.['application/json'];
    expect(answer?.schema).toEqual({ type: 'object' });
  });

  it('declares 429 where API keys are metered, 400 where input is checked, and a route’s other success', () => {
    expect(Object.keys(doc.paths['/api/vendors']?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '429']),
    );
    expect(Object.keys(doc.paths['/api/vendors/{id}']?.get?.responses ?? {})).toContain('400');
    expect(doc.paths['/api/auth/user']?.get?.responses).not.toHaveProperty('429');
    const callback = doc.paths['/api/integrations/quickbooks/callback']?.post?.responses ?? {};
    expect(callback['200']).toEqual(callback['201']);
  });
});
