/** One page of a bounded list (SPEC §2.1). */
export interface Page {
  readonly limit: number;
  readonly offset: number;
}
