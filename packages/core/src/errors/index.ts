/**
 * One error type for the whole product (docs/design.md §4). Services throw AppError;
 * the API's error handler maps `code` to an HTTP status and answers
 * `{ success: false, error, code, fields? }`. The web client reads the same shape.
 */
export const errorStatus = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  STALE_UPDATE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  OUT_OF_STOCK: 409,
  PRICE_CHANGED: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  PROVIDER_ERROR: 502,
  /** The database or the disk cannot take the request right now (issue 26 §7): nothing was written. */
  SERVICE_UNAVAILABLE: 503,
  PROVIDER_TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldErrors | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, options: { fields?: FieldErrors; details?: Record<string, unknown> } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = options.fields;
    this.details = options.details;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** The JSON body of every failed API answer. */
export interface ErrorBody {
  success: false;
  error: string;
  code: ErrorCode | string;
  fields?: FieldErrors;
  [extra: string]: unknown;
}

/** The JSON body of every successful API answer. */
export interface SuccessBody<T> {
  success: true;
  data: T;
  message?: string;
}

/** Generic messages used where the spec gives none. */
export const genericMessages = {
  internal: 'Terjadi kesalahan pada server. Silakan coba lagi nanti.',
  notFound: 'Data tidak ditemukan.',
  invalidId: 'ID tidak valid.',
  validation: 'Data yang dikirim tidak valid. Periksa kembali isian Anda.',
  unauthorized: 'Sesi Anda tidak valid atau telah berakhir. Silakan masuk kembali.',
  forbidden: 'Akses ditolak - Anda tidak memiliki izin untuk mengakses halaman ini.',
  routeNotFound: 'Alamat API tidak ditemukan.',
  staleUpdate: 'Data ini sudah diubah oleh pengguna lain. Muat ulang halaman lalu ulangi perubahan Anda.',
  rateLimited: 'Terlalu banyak permintaan. Silakan coba lagi sebentar lagi.',
  payloadTooLarge: 'Ukuran data yang dikirim terlalu besar.',
  // Any request can meet it (a full disk, the database restarting), so it names no order; the
  // transaction was rolled back, which is why it can promise that nothing is lost.
  unavailable: 'Layanan sedang gangguan. Permintaan Anda belum tersimpan dan tidak ada data yang hilang; silakan coba lagi beberapa saat lagi.',
} as const;
