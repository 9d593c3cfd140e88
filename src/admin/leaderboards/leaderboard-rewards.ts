/** SPEC §2.12: a range of ranks paid an amount of a currency when a period closes. */
export interface RewardRange {
  readonly rank_from: number;
  readonly rank_to: number;
  readonly amount: number;
  readonly currency: string;
}

/** A stored reward table (a JSON column: text or parsed, by server) as ranges; none when null. */
export const rewardsOf = (row: { readonly rewards: readonly RewardRange[] | RewardRange[] | string | null | undefined }): RewardRange[] =>
  row.rewards === null || row.rewards === undefined ? [] : typeof row.rewards === 'string' ? (JSON.parse(row.rewards) as RewardRange[]) : [...row.rewards];

/** A player of a closed period as ranked: their place in the ordering and their score. */
export interface Standing {
  readonly user_game_id: number;
  readonly user_id: number;
  readonly score: number;
}

export interface Payout {
  readonly user_game_id: number;
  readonly user_id: number;
  /** The rank ties share: 1 + the players strictly ahead. */
  readonly rank: number;
  readonly amount: number;
  readonly currency: string;
}

/** The highest rank any range pays: how far down the standings a payout reads. */
export const lastPaidRank = (rewards: readonly RewardRange[]): number => Math.max(0, ...rewards.map((range) => range.rank_to));

/**
 * Who is paid what for a period's final standings (best first, as the ranking orders them). Equal
 * scores share the better rank (standard competition ranking: 1, 2, 2, 4), so tied players get the
 * reward of the best rank among them; a rank in no range is paid nothing.
 */
export function payoutsOf(standings: readonly Standing[], rewards: readonly RewardRange[]): Payout[] {
  const payouts: Payout[] = [];
  let rank = 0;
  standings.forEach((standing, i) => {
    if (i === 0 || standing.score !== standings[i - 1]!.score) rank = i + 1;
    const range = rewards.find((r) => r.rank_from <= rank && rank <= r.rank_to);
    if (range) payouts.push({ user_game_id: standing.user_game_id, user_id: standing.user_id, rank, amount: range.amount, currency: range.currency });
  });
  return payouts;
}
