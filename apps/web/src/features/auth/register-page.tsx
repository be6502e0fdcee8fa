import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { registerSchema, type RegisterInput } from '@homeminder/shared/validation/forms';
import { PasswordChecklist } from '../../components/form/password-checklist';
import { register } from './api';
import { FormFailure } from '../../components/form/form-failure';
import { useFormSubmit } from '../../components/form/use-form-submit';

/** Register: a client invited by their realtor creates a sign-in with the code from the invitation. */
export function Component() {
  const [params] = useSearchParams();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    mode: 'onTouched',
    defaultValues: {
      email: params.get('email') ?? '',
      firstName: '',
      lastName: '',
      password: '',
      confirmPassword: '',
      invitationCode: params.get('code') ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });

  const { failure, onSubmit } = useFormSubmit(form, async (values) => {
    setDone((await register(values)).message);
  });

  if (done) {
    return (
      <Stack>
        <Title order={1} size="h3">
          Welcome to HomeMinder
        </Title>
        <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
          {done} Your realtor will keep your home's reminders coming by email.
        </Alert>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="register-title">
      <Stack>
        <div>
          <Title order={1} size="h3" id="register-title">
            Create your sign-in
          </Title>
          <Text size="sm" c="gray.7">
            Your realtor invited you to HomeMinder. Use the email and the code from the invitation.
          </Text>
        </div>
        <FormFailure message={failure} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Group grow align="flex-start">
          <TextInput
            label="First name"
            autoComplete="given-name"
            required
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            required
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
        </Group>
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          required
          error={errors.password?.message}
          {...form.register('password')}
        />
        <PasswordChecklist value={password} />
        <PasswordInput
          label="Confirm the password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <TextInput
          label="Invitation code"
          autoComplete="one-time-code"
          required
          error={errors.invitationCode?.message}
          {...form.register('invitationCode')}
        />
        <Button type="submit" loading={isSubmitting} fullWidth>
          Create my sign-in
        </Button>
        <Text size="sm" ta="center">
          Already registered?{' '}
          <Anchor component={Link} to="/login">
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
