/**
 * What other parts may read of currencies (ARCHITECTURE.md, layering 8): each process's CurrencyGate
 * reads the enabled codes. Changing them stays behind the currencies service.
 */
export { enabledCurrencyCodes } from './currencies-repository';
