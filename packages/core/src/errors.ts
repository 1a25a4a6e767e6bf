/**
 * Stable error codes, their HTTP statuses, and the user-message extraction of docs/behaviour/web-app.md.
 * The server throws `AppError`s carrying a code; the web turns any failed response into one message.
 */

export const ErrorCode = {
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION: 'VALIDATION',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNPROCESSABLE: 'UNPROCESSABLE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  INVALID_SHARED_VIEW_PASSWORD: 'INVALID_SHARED_VIEW_PASSWORD',
  NOT_IMPLEMENTED: 'NOT_IMPLEMENTED',
  INTERNAL: 'INTERNAL',
  BUSY: 'BUSY',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const httpStatusOf: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  INVALID_SHARED_VIEW_PASSWORD: 403,
  NOT_IMPLEMENTED: 501,
  INTERNAL: 500,
  BUSY: 503,
};

/** One entry of a validation error list, as docs/behaviour/web-app.md step 4 reads it. */
export interface ValidationIssue {
  instancePath?: string;
  message: string;
  /** A 0-based character offset in the text the issue is about (a formula's syntax error). */
  position?: number;
  /** The message's key and parameters, for a client that words it in the person's language (form checks). */
  key?: string;
  params?: Record<string, string | number>;
}

/** The JSON body of every error response. */
export interface ErrorBody {
  msg: string;
  message: string;
  error?: ErrorCode;
  errors?: ValidationIssue[];
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues: ValidationIssue[] | undefined;
  constructor(code: ErrorCode, message: string, issues?: ValidationIssue[]) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.issues = issues;
  }
  get status(): number {
    return httpStatusOf[this.code];
  }
  toBody(): ErrorBody {
    const body: ErrorBody = { msg: this.message, message: this.message, error: this.code };
    if (this.issues?.length) body.errors = this.issues;
    return body;
  }
}

export const badRequest = (message: string, issues?: ValidationIssue[]) =>
  new AppError(ErrorCode.BAD_REQUEST, message, issues);
export const unauthorized = (message = 'Unauthorized') => new AppError(ErrorCode.UNAUTHORIZED, message);
export const forbidden = (message = 'Forbidden') => new AppError(ErrorCode.FORBIDDEN, message);
export const notFound = (message = 'Not found') => new AppError(ErrorCode.NOT_FOUND, message);
export const conflict = (message: string) => new AppError(ErrorCode.CONFLICT, message);

/** What a failed call looked like to the client, enough to apply docs/behaviour/web-app.md. */
export interface FailedCall {
  /** The error's own message (network failure, abort, ...). */
  message?: string;
  /** Absent when no response arrived. */
  response?: {
    /** Parsed JSON, text, or binary (ArrayBuffer / Uint8Array) body. */
    data?: unknown;
  };
}

const INTERNAL_FALLBACK = 'Some internal error occurred';
const FINAL_FALLBACK = 'Some error occurred';

/**
 * Turns a failed call into the message a user sees, step by step as docs/behaviour/web-app.md says.
 * @example extractErrorMessage({ response: { data: { msg: 'Invalid email' } } }) // 'Invalid email'
 */
export function extractErrorMessage(failure: FailedCall | null | undefined): string {
  if (!failure || !failure.response) return failure?.message || FINAL_FALLBACK;
  let data = failure.response.data;
  let fallback = INTERNAL_FALLBACK;
  if (isBinary(data)) {
    try {
      data = JSON.parse(decodeUtf8(data));
    } catch {
      return INTERNAL_FALLBACK;
    }
  }
  let message: string | undefined;
  if (data && typeof data === 'object') {
    const body = data as { msg?: unknown; message?: unknown; errors?: unknown };
    message = nonEmptyString(body.msg) ?? nonEmptyString(body.message) ?? fallback;
    if (Array.isArray(body.errors) && body.errors.length > 0) {
      message = (body.errors as ValidationIssue[])
        .map((e) => (e.instancePath ? `${e.instancePath} - ${e.message}` : e.message))
        .join(', ');
    }
  } else {
    fallback = FINAL_FALLBACK;
    message = nonEmptyString(data) ?? undefined;
  }
  return message || fallback;
}

function nonEmptyString(v: unknown): string | undefined {
  return typeof v === 'string' && v.length > 0 ? v : undefined;
}

function isBinary(v: unknown): v is ArrayBuffer | Uint8Array {
  return v instanceof ArrayBuffer || v instanceof Uint8Array;
}

/** UTF-8 decode without TextDecoder, which core (no DOM, no Node types) cannot name. Throws on bad bytes. */
function decodeUtf8(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let escaped = '';
  for (const b of view) escaped += '%' + b.toString(16).padStart(2, '0');
  return decodeURIComponent(escaped);
}
