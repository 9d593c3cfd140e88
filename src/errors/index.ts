export { AppError, toAppError, type AppErrorDetails, type FieldViolation } from './app-error';
export { ERROR_SPECS, type ErrorCode, type ErrorSpec, type ProblemCode } from './error-specs';
