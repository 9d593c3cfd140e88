/**
 * What other features may read of languages (ARCHITECTURE.md, layering 8): a notification checks that
 * the languages of its texts exist. Changing them stays behind the languages service.
 */
export { existingLanguageIds } from './languages-repository';
