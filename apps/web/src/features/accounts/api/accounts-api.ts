/** Accounts calls (docs/requirements/storefront.md §7). */
import type { AuthResult, ChangePasswordInput, ForgotPasswordInput, LoginInput, ProfileUpdateInput, RegisterInput, ResetPasswordInput, User } from '@pasar/core/accounts';
import { api, apiRequest } from '../../../lib/api-client';

export function login(input: LoginInput) {
  return apiRequest<AuthResult>('/auth/login', { method: 'POST', body: input });
}

export function register(input: RegisterInput) {
  return apiRequest<AuthResult>('/auth/register', { method: 'POST', body: input });
}

export function getProfile(signal?: AbortSignal) {
  return api<User>('/profile', { signal });
}

export function updateProfile(input: ProfileUpdateInput) {
  return apiRequest<User>('/profile', { method: 'PUT', body: input });
}

export function requestPasswordReset(input: ForgotPasswordInput) {
  return apiRequest<null>('/auth/forgot-password', { method: 'POST', body: input });
}

export function resetPassword(input: ResetPasswordInput) {
  return apiRequest<null>('/auth/reset-password', { method: 'POST', body: input });
}

export function changePassword(input: ChangePasswordInput) {
  return apiRequest<null>('/profile/password', { method: 'PUT', body: input });
}
