import type { Credentials, LoginResponse, SignupData, SignupResponse } from '@murmur/mock-api-contract';
import { apiClient, request } from './http';

export const login = (credentials: Credentials): Promise<LoginResponse> =>
  request(() =>
    apiClient.post<LoginResponse>('/auth/login', { username: credentials.username, password: credentials.password }),
  );

export const signup = (data: SignupData): Promise<SignupResponse> =>
  request(() => apiClient.post<SignupResponse>('/auth/signup', data));
