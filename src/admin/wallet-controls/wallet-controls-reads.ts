/**
 * What other parts may read of wallet controls (ARCHITECTURE.md, layering 8): `restore` rebuilds the
 * engine's freezes and limits from them. Changing them stays behind the wallet controls service.
 */
export { listAllLimits, listFrozen, listFrozenUserGames, type LimitsRow } from './wallet-controls-repository';
