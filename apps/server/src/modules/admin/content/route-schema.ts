import { ErrorEnvelope } from '@portal/contracts/envelope';

export const tags = ['back office'];
export const errors = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
};
export const saved = (message: string) => ({ status: 'success' as const, message });
