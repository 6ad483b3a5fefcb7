import { Paper, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';
import { toastSuccess } from '../lib/toast.tsx';
import { NewPasswordForm, type NewPasswordValues } from './new-password-form.tsx';

/** The signed-in user's change-password block on both profile screens (setpasswordn), asking the current password first. */
export function ChangePasswordCard({ title = 'Change Password' }: { title?: string }) {
  const change = useMutation({
    mutationFn: (body: NewPasswordValues) => api.post<{ message: string }>('setpasswordn', body),
    onSuccess: (data) => toastSuccess(data.message),
  });
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="change-password">
      <Title order={2} size="h3" id="change-password">
        {title}
      </Title>
      <Text c="gray.7" size="sm" mt={4} mb="md">
        Your other signed-in devices will be signed out.
      </Text>
      <NewPasswordForm submitLabel="Update password" askCurrent onSubmit={change.mutateAsync} />
    </Paper>
  );
}
