import { MSG } from '@portal/contracts/messages';

/** An error whose message is safe to show: it becomes the answer's `message` (D3). */
export class AppError extends Error {
  readonly statusCode: number;
  readonly errors: Record<string, string> | undefined;
  constructor(statusCode: number, message: string, errors?: Record<string, string>) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.errors = errors;
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new AppError(400, message, errors);
/** A 400 for one field, with the spec's message as both the field error and the answer's message. */
export const fieldError = (field: string, message: string) => new AppError(400, message, { [field]: message });
export const unauthorized = (message: string = MSG.unauthorized) => new AppError(401, message);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, message);
export const conflict = (message: string, field?: string) =>
  new AppError(409, message, field ? { [field]: message } : undefined);
export const tooLarge = (message: string = MSG.fileTooBig) => new AppError(413, message);
export const unsupportedType = (message: string = MSG.fileType) => new AppError(415, message);
export const tooManyRequests = (message: string = MSG.rateLimited) => new AppError(429, message);
