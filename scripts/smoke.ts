/**
 * End-to-end smoke test of a running Invoice Pilot: signs in through the Cognito API the app uses, uploads
 * a generated invoice PDF through the API, waits for the workflow's decision and prints it.
 *
 *   npm run smoke -- --url https://<id>.cloudfront.net --user you@example.com --password '…'
 *   npm run smoke -- --local        # starts `npm start` on a fresh data folder and uses its demo user
 *
 * Exits 0 once the invoice is decided (PROCESSED, REVIEW_REQUIRED, APPROVED or REJECTED), 1 otherwise.
 */
import '../infra/local/polyfills';
import { parseArgs } from 'node:util';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import * as z from 'zod';
import { startStack } from '../test/e2e/stack';
import { invoicePdf, plumbingInvoice } from '../test/integration/pipeline-invoices';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    user: { type: 'string' },
    password: { type: 'string' },
    local: { type: 'boolean', default: false },
    'timeout-seconds': { type: 'string', default: '300' },
  },
});

/** The SPA's runtime settings (`/config.json`): the same in the cloud (written at deploy) and locally. */
const runtimeConfigSchema = z.object({
  region: z.string().min(1),
  userPoolClientId: z.string().min(1),
  userPoolEndpoint: z.string().url().nullish(),
});
const invoiceSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  vendorName: z.string().nullish(),
  invoiceNumber: z.string().nullish(),
  totalAmount: z.number().nullish(),
});
const DECIDED = new Set(['PROCESSED', 'REVIEW_REQUIRED', 'APPROVED', 'REJECTED']);

const log = (line: string) => console.log(`[smoke] ${line}`);

async function signIn(url: string, user: string, password: string): Promise<string> {
  const config = runtimeConfigSchema.parse(await (await fetch(new URL('/config.json', url))).json());
  // Locally the gateway forwards /cognito to cognito-local; in the cloud the SDK's regional endpoint.
  const cognito = new CognitoIdentityProviderClient({
    region: config.region,
    ...(config.userPoolEndpoint ? { endpoint: new URL(config.userPoolEndpoint, url).href } : {}),
  });
  try {
    const answer = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: config.userPoolClientId,
        AuthParameters: { USERNAME: user, PASSWORD: password },
      }),
    );
    const token = answer.AuthenticationResult?.IdToken;
    if (!token)
      throw new Error(
        `Sign-in of ${user} asked for ${answer.ChallengeName ?? 'more'}; use a user without MFA`,
      );
    return token;
  } finally {
    cognito.destroy();
  }
}

async function smoke(url: string, user: string, password: string, timeoutMs: number): Promise<boolean> {
  const started = Date.now();
  const token = await signIn(url, user, password);
  log(`signed in as ${user} (${Date.now() - started} ms)`);
  const api = (path: string, init: RequestInit = {}) =>
    fetch(new URL(path, url), { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });

  // The first call provisions the person; one who must choose (join page) creates their own organization.
  let me = await api('/api/auth/user');
  if (me.status === 403 && /membership_choice_required/.test(await me.clone().text())) {
    const chosen = await api('/api/auth/membership', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'create' }),
    });
    if (chosen.status !== 201)
      throw new Error(`Creating an organization: ${chosen.status} ${await chosen.text()}`);
    me = await api('/api/auth/user');
  }
  if (me.status !== 200) throw new Error(`GET /api/auth/user: ${me.status} ${await me.text()}`);

  const spec = plumbingInvoice({ invoiceNumber: `SMOKE-${Date.now()}` });
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(await invoicePdf(spec))], { type: 'application/pdf' }),
    `${spec.invoiceNumber}.pdf`,
  );
  const uploaded = await api('/api/invoices/upload', { method: 'POST', body: form });
  if (uploaded.status !== 201) throw new Error(`Upload: ${uploaded.status} ${await uploaded.text()}`);
  const { id } = invoiceSchema.parse(await uploaded.json());
  log(`uploaded ${spec.invoiceNumber} as invoice ${id} (${Date.now() - started} ms)`);

  for (let status = ''; Date.now() - started < timeoutMs; await new Promise((r) => setTimeout(r, 2_000))) {
    const response = await api(`/api/invoices/${id}`);
    if (response.status !== 200)
      throw new Error(`GET /api/invoices/${id}: ${response.status} ${await response.text()}`);
    const invoice = invoiceSchema.parse(await response.json());
    if (invoice.status !== status) {
      status = invoice.status;
      log(`status ${status}`);
    }
    if (DECIDED.has(invoice.status)) {
      const decision = {
        invoice: invoice.id,
        status: invoice.status,
        vendorName: invoice.vendorName,
        invoiceNumber: invoice.invoiceNumber,
        totalAmount: invoice.totalAmount,
        seconds: Math.round((Date.now() - started) / 100) / 10,
      };
      console.log(JSON.stringify(decision, null, 2));
      return true;
    }
  }
  log(`no decision within ${timeoutMs / 1000} s`);
  return false;
}

async function main(): Promise<number> {
  const timeoutMs = Number(values['timeout-seconds']) * 1000;
  if (values.local) {
    log('starting npm start on a fresh data folder…');
    const stack = await startStack(process.cwd());
    try {
      return (await smoke(stack.info.url, stack.info.demo.email, stack.info.demo.password, timeoutMs))
        ? 0
        : 1;
    } catch (error) {
      console.error(stack.log().slice(-4000));
      throw error;
    } finally {
      await stack.stop();
    }
  }
  if (!values.url || !values.user || !values.password) {
    console.error(
      'Usage: npm run smoke -- --url <site origin> --user <email> --password <password>  (or --local)',
    );
    return 2;
  }
  return (await smoke(values.url, values.user, values.password, timeoutMs)) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`[smoke] failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
