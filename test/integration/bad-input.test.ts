import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../shared/constants';
import { errorBodySchema } from '../../shared/errors';
import {
  apiKeyCreatedSchema,
  invoiceSchema,
  PROPERTY_TYPES,
  propertySchema,
  uploadUrlResponseSchema,
  vendorSchema,
} from '../../shared/schemas';
import { type Api, fileForm, startTestStack, type TestStack } from '../helpers/local-stack';
import { body } from '../helpers/responses';

/**
 * Input that is wrong in form — broken percent-encoding, unreadable multipart, edited or foreign cursors,
 * sizes at the limit — gets a 4xx JSON answer with a code, never a 500.
 */
let stack: TestStack;
let api: Api;
let robot: Api;
let other: Api;

const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  stack = await startTestStack({ workflow: false, queueWorkers: false });
  api = (await stack.newUser()).api;
  other = (await stack.newUser()).api;
  const key = await body(
    await api('/api/api-keys', { method: 'POST', json: { name: 'Fuzzy robot' } }),
    201,
    apiKeyCreatedSchema,
  );
  robot = stack.api(key.key);
});
afterAll(async () => {
  await stack?.stop();
});

async function failure(response: Response, status: number) {
  return body(response, status, errorBodySchema);
}

describe('path parameters that are not validly percent-encoded', () => {
  it('answer 400 invalid_path on every kind of route, signed in or with an API key', async () => {
    const paths = [
      '/api/vendors/%',
      '/api/vendors/%zz',
      '/api/vendors/%E0%A4%A',
      '/api/invoices/%/file',
      '/api/properties/%C0',
      '/api/webhooks/%ff%fe',
      '/api/organization/members/%',
    ];
    for (const path of paths) {
      for (const caller of [api, robot]) {
        const error = await failure(await caller(path), 400);
        expect(error.code, path).toBe('invalid_path');
      }
    }
    expect((await failure(await api('/api/vendors/%', { method: 'DELETE' }), 400)).code).toBe('invalid_path');
  });

  it('still decodes valid encodings (a missing id stays 404)', async () => {
    expect((await api('/api/vendors/%41%42')).status).toBe(404);
  });
});

describe('multipart bodies that cannot be read', () => {
  const broken: [string, string][] = [
    ['multipart/form-data', '--x\r\n\r\nhello\r\n--x--\r\n'],
    ['multipart/form-data; boundary=', '--\r\n\r\n'],
    ['multipart/form-data; boundary="";', 'anything'],
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n',
    ],
    ['multipart/form-data; boundary=x', '--x\r\nthis is no header line\r\n\r\n%PDF\r\n--x--\r\n'],
    ['multipart/form-data; boundary=x', 'no boundary anywhere'],
  ];

  it('answer 400 on both upload routes', async () => {
    for (const path of ['/api/invoices/upload', '/api/upload']) {
      for (const [contentType, payload] of broken) {
        const response = await robot(path, {
          method: 'POST',
          headers: { 'content-type': contentType },
          body: payload,
        });
        const error = await failure(response, 400);
        expect(['invalid_multipart', 'file_missing'], `${path} ${contentType}`).toContain(error.code);
      }
    }
  });

  it('answer 400 at the local storage target, before any signature is checked', async () => {
    for (const [contentType, payload] of broken) {
      const response = await fetch(`${stack.url}/_storage/${process.env.BUCKET_NAME}`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: payload,
      });
      const text = await response.text();
      expect(response.status, `${contentType}: ${text}`).toBe(400);
      expect(text).toMatch(/<Code>(MalformedPOSTRequest|InvalidArgument)<\/Code>/);
    }
  });
});

describe('one size limit: 10 MiB', () => {
  const ofSize = (size: number) => {
    const bytes = new Uint8Array(size);
    bytes.set(pdf);
    return bytes;
  };

  async function presign(size: number) {
    return body(
      await api('/api/invoices/upload-url', {
        method: 'POST',
        json: { filename: 'scan.pdf', contentType: 'application/pdf', size },
      }),
      201,
      uploadUrlResponseSchema,
    );
  }

  function post(target: { url: string; fields: Record<string, string> }, bytes: Uint8Array) {
    const form = new FormData();
    for (const [k, v] of Object.entries(target.fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(bytes)]), 'scan.pdf');
    return fetch(target.url, { method: 'POST', body: form });
  }

  it('allows exactly 10,485,760 bytes through the API and through the presigned POST', async () => {
    expect(MAX_UPLOAD_BYTES).toBe(10_485_760);
    const uploaded = await body(
      await api('/api/invoices/upload', {
        method: 'POST',
        body: fileForm(ofSize(MAX_UPLOAD_BYTES), 'max.pdf'),
      }),
      201,
      invoiceSchema,
    );
    expect(uploaded.fileSize).toBe(MAX_UPLOAD_BYTES);
    const posted = await post(await presign(MAX_UPLOAD_BYTES), ofSize(MAX_UPLOAD_BYTES));
    expect(posted.status, await posted.text()).toBe(204);
  });

  it('refuses one byte more on every path', async () => {
    const over = ofSize(MAX_UPLOAD_BYTES + 1);
    for (const path of ['/api/invoices/upload', '/api/upload']) {
      const error = await failure(
        await robot(path, { method: 'POST', body: fileForm(over, 'big.pdf') }),
        413,
      );
      expect(error.code).toBe('file_too_large');
    }
    const asked = await api('/api/invoices/upload-url', {
      method: 'POST',
      json: { filename: 'big.pdf', contentType: 'application/pdf', size: MAX_UPLOAD_BYTES + 1 },
    });
    expect(asked.status).toBe(400);
    // A policy signed for the maximum still refuses a larger file, as S3 does (400 EntityTooLarge).
    const posted = await post(await presign(MAX_UPLOAD_BYTES), over);
    expect(posted.status).toBe(400);
    expect(await posted.text()).toContain('<Code>EntityTooLarge</Code>');
  });
});

describe('cursors', () => {
  let vendorCursor: string;

  beforeAll(async () => {
    for (const name of ['Cursor A', 'Cursor B', 'Cursor C']) {
      await body(await api('/api/vendors', { method: 'POST', json: { name } }), 201, vendorSchema);
      await body(
        await api('/api/properties', {
          method: 'POST',
          json: { name, address: '1 Main St', propertyType: PROPERTY_TYPES[0] },
        }),
        201,
        propertySchema,
      );
    }
    for (let i = 0; i < 3; i++)
      await body(
        await api('/api/invoices/upload', { method: 'POST', body: fileForm(pdf, `c${i}.pdf`) }),
        201,
        invoiceSchema,
      );
    const first = await (await api('/api/vendors?limit=1')).json();
    vendorCursor = first.nextCursor;
    expect(vendorCursor).toEqual(expect.any(String));
  });

  it('continue the list they came from', async () => {
    const second = await api(`/api/vendors?limit=1&cursor=${encodeURIComponent(vendorCursor)}`);
    expect(second.status).toBe(200);
    expect((await second.json()).items).toHaveLength(1);
  });

  it('are refused (400 invalid_cursor) when edited, unsigned, or of another list or organization', async () => {
    const [payload, mac] = vendorCursor.split('.');
    const key = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, string>;
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const invoicePage = await (await api('/api/invoices?limit=1')).json();
    const statusPage = await (await api('/api/invoices?limit=1&status=UPLOADED')).json();
    expect(invoicePage.nextCursor).toEqual(expect.any(String));
    expect(statusPage.nextCursor).toEqual(expect.any(String));
    const refused: [Api, string][] = [
      // Edited: an extra attribute, an SK out of the list's range, a changed partition.
      [api, `/api/vendors?cursor=${encode({ ...key, extra: 'x' })}.${mac}`],
      [api, `/api/vendors?cursor=${encode({ ...key, SK: 'ZZZZ' })}.${mac}`],
      [api, `/api/vendors?cursor=${encode({ ...key, SK: 'VENDOR#' })}.${mac}`],
      // Unsigned, as cursors were before, and plain garbage.
      [api, `/api/vendors?cursor=${payload}`],
      [api, `/api/vendors?cursor=${payload}.`],
      [api, '/api/vendors?cursor=....'],
      [api, '/api/vendors?cursor=%7B%7D'],
      // Another list: vendors' cursor on properties; the status index's cursor on the plain list and back.
      [api, `/api/properties?cursor=${vendorCursor}`],
      [api, `/api/invoices?cursor=${statusPage.nextCursor}`],
      [api, `/api/invoices?status=UPLOADED&cursor=${invoicePage.nextCursor}`],
      [api, `/api/invoices?days=7&cursor=${invoicePage.nextCursor}`],
      // Another organization, and the owner's own API key on another list.
      [other, `/api/vendors?cursor=${vendorCursor}`],
      [other, `/api/invoices?cursor=${invoicePage.nextCursor}`],
      [robot, `/api/invoices?cursor=${vendorCursor}`],
    ];
    for (const [caller, path] of refused) {
      const error = await failure(await caller(path), 400);
      expect(error.code, path).toBe('invalid_cursor');
    }
    // The owner's API key continues the owner's own list.
    expect((await robot(`/api/vendors?limit=1&cursor=${vendorCursor}`)).status).toBe(200);
  });
});

describe('the /cognito proxy', () => {
  const call = (action: string, payload: unknown) =>
    fetch(`${stack.url}/cognito/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
      },
      body: JSON.stringify(payload),
    });

  it('refuses admin and unlisted actions with 403 and passes none of them on', async () => {
    const poolId = process.env.USER_POOL_ID;
    for (const [action, payload] of [
      ['ListUsers', { UserPoolId: poolId }],
      ['AdminGetUser', { UserPoolId: poolId, Username: 'demo@invoicepilot.local' }],
      ['AdminCreateUser', { UserPoolId: poolId, Username: 'evil@example.com' }],
      ['AdminUpdateUserAttributes', { UserPoolId: poolId, Username: 'x', UserAttributes: [] }],
      ['AdminSetUserPassword', { UserPoolId: poolId, Username: 'x', Password: 'x' }],
      [
        'UpdateUserAttributes',
        { AccessToken: 'x', UserAttributes: [{ Name: 'email_verified', Value: 'true' }] },
      ],
      ['DescribeUserPool', { UserPoolId: poolId }],
      ['', {}],
    ] as const) {
      const response = await call(action, payload);
      expect(response.status, action).toBe(403);
      expect(await response.json()).toMatchObject({ __type: 'AccessDeniedException', code: 'forbidden' });
    }
    expect((await fetch(`${stack.url}/cognito/${poolId}/.well-known/jwks.json`)).status).toBe(403);
  });

  it('passes the public actions the SPA uses', async () => {
    const response = await call('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.cognito.clientId,
      AuthParameters: { USERNAME: 'nobody@example.com', PASSWORD: 'wrong' },
    });
    // cognito-local answered (no such user), which a refused action never reaches.
    expect(response.status).toBe(400);
    expect((await response.json()).__type).toMatch(/NotAuthorized|UserNotFound/);
  });
});
