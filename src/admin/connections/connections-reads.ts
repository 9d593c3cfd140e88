/**
 * What other features may read of user-game connections (ARCHITECTURE.md, layering 8): a leaderboard
 * checks that a player is connected to its game, the top-up command finds the user-game it credits.
 * The rest of the repository (connect, disconnect) stays behind the connections service.
 */
export { findConnection, findUserGame, type UserGameRow } from './connections-repository';
