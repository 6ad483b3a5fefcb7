import type { TAdminLoginBody, TAdminLoginResponse } from '@portal/contracts/admin';
import type {
  TForgotPasswordBody,
  TLoginBody,
  TLoginResponse,
  TRegisterBody,
  TSetPasswordBody,
} from '@portal/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { browserSession } from '../../../lib/browser-session.ts';

interface Done {
  message: string;
}

export function useLogin() {
  // The visitor's cart id goes along, so that what it viewed before signing in stays its history.
  return useMutation({
    mutationFn: (body: TLoginBody) => api.post<TLoginResponse>('login', { ...body, cart_id: browserSession.cartId() }),
  });
}

/** The employee login: staff only (D15). */
export function useStaffLogin() {
  return useMutation({ mutationFn: (body: TAdminLoginBody) => api.post<TAdminLoginResponse>('admin/login', body) });
}

export function useRegisterSchool() {
  return useMutation({
    mutationFn: (body: TRegisterBody) =>
      api.post<TLoginResponse>('loginnewreg', { ...body, cart_id: browserSession.cartId() }),
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (body: TForgotPasswordBody) => api.post<Done>('forgotpassword', body) });
}

export function useSetPassword() {
  return useMutation({ mutationFn: (body: TSetPasswordBody) => api.post<Done>('setpassword', body) });
}
