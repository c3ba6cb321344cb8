/** A per-window counter of one organization: what is counted (and for whom), and its limit. */
export interface WindowCounter {
  orgId: string;
  counter: string;
  limit: number;
}
