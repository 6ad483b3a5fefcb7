import type {
  TForgotPasswordBody,
  TLoginBody,
  TLoginResponse,
  TRegisterBody,
  TSetPasswordBody,
} from '@portal/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

interface Done {
  message: string;
}

export function useLogin() {
  return useMutation({ mutationFn: (body: TLoginBody) => api.post<TLoginResponse>('login', body) });
}

export function useRegisterSchool() {
  return useMutation({ mutationFn: (body: TRegisterBody) => api.post<TLoginResponse>('loginnewreg', body) });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (body: TForgotPasswordBody) => api.post<Done>('forgotpassword', body) });
}

export function useSetPassword() {
  return useMutation({ mutationFn: (body: TSetPasswordBody) => api.post<Done>('setpassword', body) });
}
