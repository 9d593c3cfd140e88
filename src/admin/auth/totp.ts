import { createHash, randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_S = 30;
const ISSUER = 'Reservation console';

const totpOf = (secret: string, label: string) =>
  new OTPAuth.TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: OTPAuth.Secret.fromBase32(secret) });

/** A new secret: 160 random bits in base32 (RFC 4226's recommended length). */
export const newTotpSecret = (): string => new OTPAuth.Secret({ size: 20 }).base32;

/** The `otpauth://` URI an app enrols from, and the same as a QR image (a PNG data URL). */
export async function enrolment(secret: string, label: string): Promise<{ otpauth_uri: string; qr_image: string }> {
  const uri = totpOf(secret, label).toString();
  return { otpauth_uri: uri, qr_image: await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 }) };
}

/**
 * The time step a code is right for at `nowMs`, one step either side allowed for clock drift; null
 * when it is wrong. The caller accepts a step once (a code is good once).
 */
export function stepOfCode(secret: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret, '').validate({ token: code, timestamp: nowMs, window: 1 });
  return delta === null ? null : Math.floor(nowMs / 1000 / PERIOD_S) + delta;
}

/** Ten recovery codes: 80 random bits each, as four groups of four base32 letters. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: 10 }, () => {
    const letters = new OTPAuth.Secret({ buffer: randomBytes(10).buffer }).base32.slice(0, 16).toLowerCase();
    return letters.match(/.{4}/g)!.join('-');
  });
}

/** A recovery code as stored: SHA-256 of its letters (80 random bits make a slow hash needless), spacing and case ignored. */
export const recoveryCodeHash = (code: string): string =>
  createHash('sha256').update(code.toLowerCase().replace(/[^a-z2-7]/g, '')).digest('hex');

/** Whether this looks like a recovery code rather than a TOTP code. */
export const isRecoveryCode = (code: string): boolean => code.toLowerCase().replace(/[^a-z2-7]/g, '').length === 16;
