/**
 * Sync latency benchmark: `npm run bench:sync` (`-- 40` for another number of invoices).
 *
 * Starts a test stack with its QuickBooks and Propertyware fakes and a Make.com receiver on loopback, and
 * one organization with one integration of each. Each invoice is uploaded through the API, set APPROVED
 * with its data (as the review would leave it) and published as approved, one at a time; the time from
 * the approval to each integration's SYNCED outcome (its `updatedAt`) is that integration's sync time,
 * through the real queue, worker, outbound client and fake. Prints p50/p95 per integration; target p50 ≤ 1 s.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createIntegration } from '../../functions/adapters/dynamodb/integrations';
import { findInvoice, getInvoice } from '../../functions/adapters/dynamodb/invoices';
import { publishInvoiceEvent } from '../../functions/adapters/sqs/invoice-events';
import { registerProcessingStarter } from '../../functions/adapters/workflow/processing-starter';
import { saveInvoice } from '../../functions/core/invoices/commit';
import { fileForm, startTestStack } from '../helpers/local-stack';
import { invoicePdf, plumbingInvoice } from '../integration/pipeline-invoices';

const N = Number(process.argv[2] ?? 30);
const TIMEOUT_MS = 30_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const make = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('{}'));
  });
  await new Promise<void>((r) => make.listen(0, '127.0.0.1', () => r()));
  const stack = await startTestStack({ workflow: false, queueRetryBaseSeconds: 2 });
  registerProcessingStarter({ start: async () => undefined });
  try {
    const { api } = await stack.newUser();
    const orgId: string = (await (await api('/api/auth/user')).json()).organization.id;
    const pw = stack.propertyware;
    const integrations = [
      await createIntegration(orgId, {
        name: 'QuickBooks',
        type: 'QUICKBOOKS',
        config: {
          apiUrl: stack.quickbooks.url,
          realmId: '4242',
          apiKey: stack.quickbooks.accessToken,
          defaultAccountId: '7',
        },
      }),
      await createIntegration(orgId, {
        name: 'Propertyware',
        type: 'PROPERTYWARE',
        config: {
          apiUrl: pw.url,
          username: pw.credentials.clientId,
          password: pw.credentials.clientSecret,
          systemId: pw.credentials.systemId,
          defaultGlAccountId: '5000',
          defaultPortfolioId: '10',
        },
      }),
      await createIntegration(orgId, {
        name: 'Make.com',
        type: 'MAKE_COM',
        config: { apiUrl: `http://127.0.0.1:${(make.address() as AddressInfo).port}/hook` },
      }),
    ];
    const pdf = await invoicePdf(plumbingInvoice({ invoiceNumber: 'BENCH-0' }));
    const times = new Map<string, number[]>(integrations.map((i) => [i.name, []]));
    for (let n = 1; n <= N; n++) {
      const uploaded = await api('/api/invoices/upload', {
        method: 'POST',
        body: fileForm(pdf, `bench-${n}.pdf`),
      });
      const { id } = (await uploaded.json()) as { id: string };
      await saveInvoice(
        await getInvoice(orgId, id),
        {
          status: 'APPROVED',
          processingStage: 'DONE',
          invoiceNumber: `BENCH-${n}`,
          vendorName: `Bench Vendor ${n % 7}`,
          invoiceDate: '2026-11-02',
          dueDate: '2026-12-02',
          totalAmount: 100 + n,
        },
        null,
      );
      const approvedAt = Date.now();
      await publishInvoiceEvent(orgId, id, 'invoice.approved');
      const deadline = approvedAt + TIMEOUT_MS;
      for (;;) {
        const results = (await findInvoice(orgId, id))?.syncResults ?? [];
        if (results.length === integrations.length && results.every((r) => r.status === 'SYNCED')) {
          for (const r of results) times.get(r.integrationName)?.push(Date.parse(r.updatedAt) - approvedAt);
          break;
        }
        if (Date.now() > deadline)
          throw new Error(
            `Invoice ${n} not synced within ${TIMEOUT_MS / 1000} s: ${JSON.stringify(results)}`,
          );
        await new Promise((r) => setTimeout(r, 25));
      }
    }
    console.log(`\nSync latency, approval → SYNCED, ${N} invoices one at a time (target p50 ≤ 1000 ms)\n`);
    console.log('integration     p50 ms   p95 ms   max ms');
    for (const [name, list] of times) {
      const sorted = [...list].sort((a, b) => a - b);
      const row = [percentile(sorted, 50), percentile(sorted, 95), sorted.at(-1) ?? 0].map((v) =>
        String(v).padStart(8),
      );
      console.log(`${name.padEnd(14)}${row.join(' ')}`);
    }
  } finally {
    await stack.stop();
    make.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
