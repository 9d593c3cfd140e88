/** The reservation service's full name, as the health service and reflection report it (no imports: the health check reads it). */
export const RESERVATION_SERVICE_NAME = 'reservation.ReservationService';
