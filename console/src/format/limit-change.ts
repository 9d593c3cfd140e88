/**
 * What saving a wallet's limits would do, told before the save (SPEC §1.11). A save sends the whole
 * set (max_bet, loss_limit, loss_period; null: none), so the form starts from what holds now and this
 * says, per limit, what changes and whether it applies at once (a lower limit, or a first one) or only
 * after the waiting time (a higher one, a removal, another period); and what becomes of a waiting
 * change: a save that loosens nothing drops it, one that loosens replaces it.
 */

export interface LimitSet {
  /** Minor units as a decimal string, or null: no limit. */
  readonly max_bet: string | null;
  readonly loss_limit: string | null;
  /** day | week | month; null when there is no loss limit. */
  readonly loss_period: string | null;
}

export interface LimitChange {
  /** The loss limit's amount and its period change apart (SPEC §1.11: a lower amount holds at once in the period that holds; another period waits). */
  readonly limit: 'max_bet' | 'loss_limit' | 'loss_period';
  /** Minor units for max_bet and loss_limit (null: none); a period for loss_period. */
  readonly from: string | null;
  readonly to: string | null;
  /** Applies only after the waiting time (it loosens). */
  readonly waits: boolean;
  /** In an admin's words: "a lower limit", "a removal", "another period"… */
  readonly why: string;
}

export interface LimitPlan {
  readonly changes: readonly LimitChange[];
  /** What becomes of the change waiting now: none waits, it stays (asked again), or this save drops or replaces it. */
  readonly pending: 'none' | 'kept' | 'dropped' | 'replaced';
}

const compare = (a: string, b: string): number => {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

/** A limit's amount from `from` to `to` (minor units; null: none): lower or first at once, higher or removed after the wait. */
function amountChange(limit: 'max_bet' | 'loss_limit', from: string | null, to: string | null): LimitChange | null {
  if (from === to) return null;
  const change = (waits: boolean, why: string): LimitChange => ({ limit, from, to, waits, why });
  if (from === null) return change(false, 'a first limit');
  if (to === null) return change(true, 'a removal');
  return compare(to, from) < 0 ? change(false, 'a lower limit') : change(true, 'a higher limit');
}

const sameSet = (a: LimitSet, b: LimitSet) =>
  a.max_bet === b.max_bet && a.loss_limit === b.loss_limit && (a.loss_limit === null || a.loss_period === b.loss_period);

/** What saving `asked` does to a wallet whose limits are `current`, with `waiting` the change pending now. */
export function planLimits(current: LimitSet, asked: LimitSet, waiting: LimitSet | null): LimitPlan {
  const changes = [
    amountChange('max_bet', current.max_bet, asked.max_bet),
    amountChange('loss_limit', current.loss_limit, asked.loss_limit),
    // The period of a loss limit kept (not first set, not removed) changes only after the wait.
    current.loss_limit !== null && asked.loss_limit !== null && current.loss_period !== asked.loss_period
      ? { limit: 'loss_period' as const, from: current.loss_period, to: asked.loss_period, waits: true, why: 'another period' }
      : null,
  ].filter((change): change is LimitChange => change !== null);
  const loosens = changes.some((change) => change.waits);
  let pending: LimitPlan['pending'] = 'none';
  if (waiting) pending = sameSet(asked, waiting) ? 'kept' : loosens ? 'replaced' : 'dropped';
  return { changes, pending };
}
