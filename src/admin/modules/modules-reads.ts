/**
 * What other features may read of game modules (ARCHITECTURE.md, layering 8): a game's reply lists
 * its modules. Connecting and disconnecting them stays behind the modules service.
 */
export { modulesOfGames } from './modules-repository';
export type { PublicModule } from './modules-replies';
