/** The organization's invoice counts and totals (`/api/stats`) that the dashboard, shell and settings show. */
export { statsQueryKey, useStats } from './api/get-stats';
