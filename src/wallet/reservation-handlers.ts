import type { UntypedServiceImplementation } from '@grpc/grpc-js';
import type {
  BalanceResponse,
  CancelRequest,
  ConfirmRequest,
  GetTransactionRequest,
  GetTransactionResponse,
  ReserveRequest,
} from '../grpc/reservation-proto';
import { unaryHandler, type UnaryOptions } from '../grpc/unary-handler';
import type { WalletService } from './wallet-service';
import type { BalanceReply } from './wallet-types';

/** What the gRPC adapter needs of the engine (benchmarks put other implementations behind it). */
export type ReservationOperations = Pick<WalletService, 'reserve' | 'confirm' | 'cancel' | 'getTransaction'>;

/** The ReservationService's four methods: wire shapes in, service calls, wire shapes out. */
export function reservationHandlers(wallet: ReservationOperations, options: UnaryOptions): UntypedServiceImplementation {
  return {
    Reserve: unaryHandler<ReserveRequest, BalanceResponse>(
      'Reserve',
      async (request) =>
        toWire(
          await wallet.reserve({
            requestId: request.request_id,
            userId: request.user_id,
            gameId: request.game_id,
            roundId: request.round_id,
            amount: request.amount,
            currency: request.currency,
          }),
        ),
      options,
    ),
    Confirm: unaryHandler<ConfirmRequest, BalanceResponse>(
      'Confirm',
      async (request) =>
        toWire(
          await wallet.confirm({
            requestId: request.request_id,
            transactionId: request.transaction_id,
            roundId: request.round_id,
            winAmount: request.win_amount,
          }),
        ),
      options,
    ),
    Cancel: unaryHandler<CancelRequest, BalanceResponse>(
      'Cancel',
      async (request) =>
        toWire(
          await wallet.cancel({
            requestId: request.request_id,
            transactionId: request.transaction_id,
            reason: request.reason,
          }),
        ),
      options,
    ),
    GetTransaction: unaryHandler<GetTransactionRequest, GetTransactionResponse>(
      'GetTransaction',
      async (request) => {
        const found = await wallet.getTransaction(request.transaction_id);
        return {
          transaction_id: found.transactionId,
          user_id: found.userId,
          round_id: found.roundId,
          amount: found.amount,
          win_amount: found.winAmount,
          status: found.status,
        };
      },
      options,
    ),
  };
}

function toWire(reply: BalanceReply): BalanceResponse {
  return {
    transaction_id: reply.transactionId,
    status: reply.status,
    available_balance: reply.availableBalance,
    reserved_balance: reply.reservedBalance,
  };
}
