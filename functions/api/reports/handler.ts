import { clearTinsOf, form1099Report } from '../../core/vendors/form-1099';
import { resourceHandler } from '../lib/http';
import { reportsContract } from './contract';
import { form1099Csv } from './csv';

/** Reports computed from the organization's vendors and invoices (core/vendors/form-1099.ts). */
export const handler = resourceHandler(reportsContract, {
  'GET /api/reports/1099': async (request) => form1099Report(request.principal().orgId, request.query.year),

  'GET /api/reports/1099.csv': async (request) => {
    const principal = request.principal();
    const { year } = request.query;
    const report = await form1099Report(principal.orgId, year);
    const filed = report.rows.filter((row) => row.reachesThreshold);
    // A filing service needs the full TIN: only an administrator (a person, never an API key) gets it.
    const isAdmin = principal.kind === 'user' && principal.role === 'ADMIN';
    const tins = isAdmin ? await clearTinsOf(principal.orgId, filed) : new Map<string, string>();
    const rows = filed.map((row) => ({ ...row, tin: tins.get(row.vendorId) ?? row.tinMasked }));
    return {
      binary: Buffer.from(form1099Csv(rows), 'utf8'),
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="1099-${year}.csv"`,
      },
    };
  },
});
