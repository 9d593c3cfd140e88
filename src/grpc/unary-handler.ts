import {
  Metadata,
  status as GrpcStatus,
  type sendUnaryData,
  type ServerUnaryCall,
  type ServiceError,
} from '@grpc/grpc-js';
import { translateMysqlError } from '../db/mysql-errors';
import { AppError, toAppError } from '../errors';
import type { Logger } from '../logging/logger';
import type { GrpcCallObserver } from '../metrics/grpc-metrics';
import { invalidUtf8Field } from './wire-runtime';

export interface UnaryOptions {
  readonly logger: Logger;
  /** A batch's items answer their own strings that are not UTF-8 (SPEC §1.9: items are independent). */
  readonly itemsJudgedApart?: boolean;
  /** Metrics: each call's status and duration, per method. */
  readonly observe?: GrpcCallObserver;
}

/** A call's work, from its message, its metadata (who calls: caller-auth.ts) and its deadline (epoch ms; Infinity when it has none). */
type Handler<Req, Res> = (request: Req, metadata: Metadata, deadlineMs: number) => Promise<Res>;

/**
 * Adapts a service function to a grpc-js unary handler: deadline, and AppError → status. Caller tokens
 * are checked before the message is read (caller-auth.ts). The callback is called exactly once.
 */
export function unaryHandler<Req, Res>(method: string, handler: Handler<Req, Res>, options: UnaryOptions) {
  const observe = options.observe?.(method);
  return (call: ServerUnaryCall<Req, Res>, given: sendUnaryData<Res>) => {
    const started = observe ? performance.now() : 0;
    const callback: sendUnaryData<Res> = observe
      ? (error, reply) => {
          observe(error?.code ?? GrpcStatus.OK, (performance.now() - started) / 1000);
          given(error, reply);
        }
      : given;
    const deadlineMs = deadlineOf(call);
    if (deadlineMs < Date.now()) {
      callback({ code: GrpcStatus.DEADLINE_EXCEEDED, details: 'deadline passed before the call started' } as ServiceError);
      return;
    }
    const notUtf8 = invalidUtf8Field(call.request, options.itemsJudgedApart ? { items: 'own' } : {});
    if (notUtf8 !== undefined) {
      callback(statusError(notUtf8Error(notUtf8)));
      return;
    }
    handler(call.request, call.metadata, deadlineMs).then(
      (reply) => callback(null, reply),
      (thrown: unknown) => {
        const error = toAppError(translateMysqlError(thrown)); // MySQL serves settled transactions
        if (error.spec.httpStatus >= 500 && error.code !== 'DEADLINE_EXCEEDED') options.logger.error({ err: thrown, method }, 'grpc call failed');
        callback(statusError(error));
      },
    );
  };
}

/** A string field whose bytes were not UTF-8: the whole message is refused, as a conforming parser refuses it. */
export function notUtf8Error(field: string): AppError {
  return new AppError('INVALID_ARGUMENT', `${field} must be valid UTF-8 (a proto3 string)`, { errors: [{ path: field, message: 'must be valid UTF-8' }] });
}

/** The call's deadline in epoch ms; Infinity when the caller set none. */
function deadlineOf(call: ServerUnaryCall<unknown, unknown>): number {
  const deadline = call.getDeadline();
  const ms = deadline instanceof Date ? deadline.getTime() : deadline;
  return Number.isFinite(ms) && ms > 0 ? ms : Infinity;
}

function statusError(error: AppError): Partial<ServiceError> {
  return { code: error.spec.grpcStatus, details: error.publicMessage, metadata: new Metadata() };
}
