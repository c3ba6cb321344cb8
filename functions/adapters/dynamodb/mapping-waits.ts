import type { MappingWait } from '../../core/integrations/integration';
import { itemKind } from './entity';
import { keys } from './keys';

export type { MappingWait } from '../../core/integrations/integration';

const waits = itemKind<MappingWait>()({
  key: keys.mappingWait,
  collection: (orgId: string, integrationId: string) => ({
    PK: keys.orgPk(orgId),
    prefix: keys.mappingWaitPrefix(integrationId),
  }),
  entity: 'MappingWait',
});

/**
 * Approved invoices whose bill waits until the integration's accounts are mapped (`keys.mappingWait`):
 * written by the sync when it finds the mapping incomplete, read and cleared when an admin completes it.
 */
export const mappingWaits = {
  async add(orgId: string, integrationId: string, wait: MappingWait): Promise<void> {
    await waits.put([orgId, integrationId, wait.invoiceId], wait);
  },
  async list(orgId: string, integrationId: string): Promise<MappingWait[]> {
    const items = await waits.list([orgId, integrationId]);
    return items.map((i) => ({ invoiceId: String(i.invoiceId), approvedAt: String(i.approvedAt) }));
  },
  async remove(orgId: string, integrationId: string, invoiceId: string): Promise<void> {
    await waits.delete([orgId, integrationId, invoiceId]);
  },
};
