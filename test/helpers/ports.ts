export { freePort } from '../../src/local-services/process-tools';
