/**
 * What sign-in and registration (the auth feature) may do with users (ARCHITECTURE.md, layering 8):
 * read one by email or id, insert the one an invite registers, and show it. Listing and changing
 * users stays behind the users service. The player-data feature (SPEC §2.14) shows one the same way.
 */
export {
  disableTotp, enableTotp, findUserByEmail, findUserById, insertUser, recoveryCodeUsed, replaceRecoveryCodes, setTotpSecret, toPublicUser, unusedRecoveryCodes,
  useRecoveryCode, useTotpStep, type PublicUser, type UserRow,
} from './users-repository';
