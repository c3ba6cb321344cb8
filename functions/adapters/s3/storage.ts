import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost, type PresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { env } from '../../env';
import { traced } from '../observability/tracer';

let client: S3Client | undefined;

/** One S3 client per process; locally it talks to s3rver through S3_ENDPOINT. */
export function s3(): S3Client {
  if (!client) {
    const { S3_ENDPOINT, AWS_REGION } = env();
    client = traced(
      new S3Client({
        region: AWS_REGION,
        ...(S3_ENDPOINT
          ? {
              endpoint: S3_ENDPOINT,
              forcePathStyle: true,
              credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
            }
          : {}),
        // s3rver stores aws-chunked uploads with trailing checksums corrupted; S3 accepts either.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    );
  }
  return client;
}

export function resetS3Client(): void {
  client = undefined;
}

/** Uploads live under their organization: `uploads/<orgId>/<invoiceId>/<file name>`. */
export const objectKeyFor = (orgId: string, invoiceId: string, filename: string) =>
  `uploads/${orgId}/${invoiceId}/${filename}`;

/**
 * A vendor's certificate file lives under its organization too, `certificates/<orgId>/<certificateId>/<fileId>`,
 * outside `uploads/`: every object created there starts the invoice workflow. A new file id per upload, so
 * a replaced file's object is deleted only once the certificate names the new one.
 */
export const certificateObjectKeyFor = (orgId: string, certificateId: string, fileId: string) =>
  `certificates/${orgId}/${certificateId}/${fileId}`;

/** The organization and invoice an object key belongs to, or undefined for keys outside uploads/. */
export function parseObjectKey(
  key: string,
): { orgId: string; invoiceId: string; filename: string } | undefined {
  const match = decodeURIComponent(key.replace(/\+/g, ' ')).match(
    /^uploads\/([0-9A-Z]{26})\/([0-9A-Z]{26})\/(.+)$/,
  );
  return match ? { orgId: match[1], invoiceId: match[2], filename: match[3] } : undefined;
}

export async function putObject(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
  await s3().send(
    new PutObjectCommand({ Bucket: env().BUCKET_NAME, Key: key, Body: bytes, ContentType: contentType }),
  );
}

/** An object's bytes, from the uploads bucket unless another (the inbound mail bucket) is named. */
export async function getObjectBytes(key: string, bucket = env().BUCKET_NAME): Promise<Uint8Array> {
  const result = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return (await result.Body?.transformToByteArray()) ?? new Uint8Array();
}

/** Whether the object is stored (a HEAD; any answer but "not found" is an error). */
export async function objectExists(key: string): Promise<boolean> {
  try {
    await s3().send(new HeadObjectCommand({ Bucket: env().BUCKET_NAME, Key: key }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'NotFound' || (error as Error).name === 'NoSuchKey') return false;
    throw error;
  }
}

export async function deleteObject(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: env().BUCKET_NAME, Key: key }));
}

/**
 * A presigned POST that lets the browser send one file straight to storage: key and content type
 * pinned, size between 1 byte and `maxBytes`, valid for 15 minutes. Locally the target is the gateway,
 * which checks the policy and signature (s3rver does not) before storing the file.
 */
export async function presignUpload(
  key: string,
  contentType: string,
  maxBytes: number,
): Promise<PresignedPost> {
  const post = await createPresignedPost(s3(), {
    Bucket: env().BUCKET_NAME,
    Key: key,
    Conditions: [
      ['content-length-range', 1, maxBytes],
      ['eq', '$Content-Type', contentType],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: 900,
  });
  const { S3_ENDPOINT, PUBLIC_URL, BUCKET_NAME } = env();
  if (S3_ENDPOINT && PUBLIC_URL) return { ...post, url: `${PUBLIC_URL}/_storage/${BUCKET_NAME}` };
  return post;
}

/**
 * A signed GET link to one stored file, valid for `seconds` (at most as long as the signing credentials:
 * a Lambda role's session may end it sooner), that downloads it under its own name. Locally it points at s3rver.
 */
export async function presignDownload(key: string, filename: string, seconds: number): Promise<string> {
  const command = new GetObjectCommand({
    Bucket: env().BUCKET_NAME,
    Key: key,
    ResponseContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`,
  });
  return getSignedUrl(s3(), command, { expiresIn: seconds });
}
