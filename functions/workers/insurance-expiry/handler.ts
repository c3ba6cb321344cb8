import { coreHandler } from '../../adapters/handler';
import { logger } from '../../adapters/observability/logger';
import { sendInsuranceExpiryAlerts } from '../../core/vendors/insurance-alerts';

/**
 * Runs once a day on an EventBridge schedule: alerts each organization's administrators to the vendors'
 * insurance certificates that expire within 30 days or just expired (core/vendors/insurance-alerts.ts).
 * Locally `npm start` runs it when it starts and every day after (infra/local/insurance-alerts.ts).
 */
export const handler = coreHandler(async function insuranceExpiry(): Promise<{
  checked: number;
  notified: number;
  emailed: number;
}> {
  const result = await sendInsuranceExpiryAlerts();
  logger.info('Sent insurance expiry alerts', result);
  return result;
});
