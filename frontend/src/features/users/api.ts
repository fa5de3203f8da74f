import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { CreateUserRequest, UpdateUserRequest } from '../../api/types';

export const MIN_PASSWORD_LENGTH = 10;
export const USERNAME_PATTERN = '^[a-z][a-z0-9_.\\-]{1,31}$';

export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
};

export const tokenKeys = {
  all: ['tokens'] as const,
  list: () => [...tokenKeys.all, 'list'] as const,
};

export function useUsers() {
  return useQuery({ queryKey: userKeys.list(), queryFn: () => unwrap(api.GET('/users')) });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserRequest) => unwrap(api.POST('/users', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, changes }: { username: string; changes: UpdateUserRequest }) =>
      unwrap(api.PATCH('/users/{username}', { params: { path: { username } }, body: changes })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) =>
      unwrap(api.DELETE('/users/{username}', { params: { path: { username } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useTokens() {
  return useQuery({ queryKey: tokenKeys.list(), queryFn: () => unwrap(api.GET('/tokens')) });
}

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => unwrap(api.POST('/tokens', { body: { name } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}

export function useDeleteToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: number) =>
      unwrap(api.DELETE('/tokens/{tokenId}', { params: { path: { tokenId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}

export function useConsoleTls() {
  return useQuery({ queryKey: ['tls'], queryFn: () => unwrap(api.GET('/tls')) });
}
