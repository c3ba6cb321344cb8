/** Names and fixed ids of the local stack (the cloud gets its own from CDK). */
export const LOCAL_REGION = 'us-east-1';
export const LOCAL_TABLE = 'invoice-pilot';
export const LOCAL_BUCKET = 'invoice-uploads';
/** An AWS-shaped pool id, so the production token verifier accepts the local pool's tokens unchanged. */
export const LOCAL_USER_POOL_ID = 'us-east-1_LocalPool1';
export const LOCAL_SYNC_QUEUE = 'integration-sync';
export const LOCAL_WEBHOOK_QUEUE = 'webhook-delivery';
/** The durable local queues' own table (infra/local/durable-queue.ts), beside the product's. */
export const LOCAL_QUEUE_TABLE = 'invoice-pilot-local-queues';
/** The organizations' invoice inboxes are `<slug>-<random>@` this domain locally. */
export const LOCAL_INBOX_DOMAIN = 'inbox.invoicepilot.local';
export const DEMO_USER = {
  email: 'demo@invoicepilot.local',
  password: 'DemoPass#2026',
  firstName: 'Dana',
  lastName: 'Whitaker',
  orgName: 'Harborview Property Management',
  orgSlug: 'harborview',
};
