import type { Api } from './local-stack';

/**
 * Lets the caller's organization pass a new vendor's first invoice without review (the Organization
 * page's "New vendors" setting, on by default). For tests about reading and deciding, where every
 * invoice is of a vendor never approved; the setting itself is tested in vendor-history.test.ts.
 */
export async function trustNewVendors(api: Api): Promise<void> {
  const current = await (await api('/api/organization/current')).json();
  const response = await api('/api/organization/current', {
    method: 'PUT',
    json: { name: current.name, slug: current.slug, plan: current.plan, reviewNewVendors: false },
  });
  if (response.status !== 200)
    throw new Error(`Setting reviewNewVendors failed: ${response.status} ${await response.text()}`);
}
