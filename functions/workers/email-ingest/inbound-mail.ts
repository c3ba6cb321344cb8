/**
 * Where the SES receipt rule's S3 action stores each inbound message (its key is the SES message id).
 * Its own module, without imports, so the CDK app can read it without loading the function's code.
 */
export const INBOUND_MAIL_PREFIX = 'inbound/';
