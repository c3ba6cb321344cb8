import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { putObject } from '../../functions/adapters/s3/storage';
import {
  MalformedMultipartError,
  type MultipartForm,
  readMultipart,
} from '../../functions/api/lib/multipart';
import { MAX_UPLOAD_BYTES } from '../../shared/constants';

type Condition = Record<string, string> | [string, string | number, string | number];

interface Policy {
  expiration: string;
  conditions: Condition[];
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** SigV4 signature of a POST policy, as S3 computes it. */
export function policySignature(policyBase64: string, secret: string, credential: string): string {
  const [, date, region, service] = credential.split('/');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  return createHmac('sha256', signingKey).update(policyBase64).digest('hex');
}

/** `<access key>/<yyyymmdd>/<region>/s3/aws4_request`, the scope the signature is derived with. */
const CREDENTIAL = /^[^/]+\/\d{8}\/[^/]+\/s3\/aws4_request$/;

function reject(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

/**
 * The local target of presigned POST uploads (`/_storage/<bucket>`). s3rver ignores POST policies and
 * signatures, so this checks what S3 would — signature, expiry, bucket, key, content type and size
 * range — and only then stores the file in s3rver, whose object-created event starts processing.
 */
export function storagePostTarget(options: { bucket: string; secret: string }) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname !== `/_storage/${options.bucket}`) return false;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-methods': 'POST', 'access-control-allow-headers': '*' });
      res.end();
      return true;
    }
    if (req.method !== 'POST') {
      reject(res, 405, 'MethodNotAllowed', 'Expected a multipart/form-data POST');
      return true;
    }
    let form: MultipartForm;
    try {
      form = await readMultipart(req.headers['content-type'], req, MAX_UPLOAD_BYTES);
    } catch (error) {
      if (!(error instanceof MalformedMultipartError)) throw error;
      // S3's answer to a body it cannot read as a POST form.
      reject(
        res,
        400,
        'MalformedPOSTRequest',
        'The body of your POST request is not well-formed multipart/form-data',
      );
      return true;
    }
    const { fields } = form;
    const file = form.file?.bytes;
    const policyBase64 = fields.Policy ?? fields.policy;
    const signature = fields['X-Amz-Signature'];
    const credential = fields['X-Amz-Credential'];
    if (!policyBase64 || !signature || !CREDENTIAL.test(credential ?? '') || !fields.key) {
      reject(res, 403, 'AccessDenied', 'Missing policy, signature, credential or key');
      return true;
    }
    const expected = Buffer.from(policySignature(policyBase64, options.secret, credential));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      reject(res, 403, 'SignatureDoesNotMatch', 'The request signature does not match');
      return true;
    }
    const policy = JSON.parse(Buffer.from(policyBase64, 'base64').toString('utf8')) as Policy;
    if (Date.parse(policy.expiration) < Date.now()) {
      reject(res, 403, 'AccessDenied', 'Invalid according to Policy: Policy expired');
      return true;
    }
    if (!file) {
      reject(res, 400, 'InvalidArgument', 'No file was sent');
      return true;
    }
    const size = form.file?.tooLarge ? Number.POSITIVE_INFINITY : file.length;
    for (const condition of policy.conditions) {
      let ok = true;
      if (Array.isArray(condition)) {
        const [op, a, b] = condition;
        if (op === 'content-length-range') ok = size >= Number(a) && size <= Number(b);
        else if (op === 'eq') ok = fields[String(a).slice(1)] === String(b);
        else if (op === 'starts-with') ok = (fields[String(a).slice(1)] ?? '').startsWith(String(b));
      } else {
        const [name, value] = Object.entries(condition)[0];
        ok = name === 'bucket' ? value === options.bucket : fields[name] === value;
      }
      if (!ok) {
        const tooLarge =
          Array.isArray(condition) && condition[0] === 'content-length-range' && size > Number(condition[2]);
        if (tooLarge)
          reject(res, 400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
        else
          reject(
            res,
            403,
            'AccessDenied',
            `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`,
          );
        return true;
      }
    }
    await putObject(fields.key, file, fields['Content-Type'] ?? 'application/octet-stream');
    res.writeHead(204, { etag: '"local"' });
    res.end();
    return true;
  };
}
