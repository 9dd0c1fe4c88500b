import { type EmailConfiguration, emailConfigurationSchema } from '@fairway/shared';
import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { ConfigurationForm } from './configuration-form';
import type { GroupFormApi, GroupFormProps } from './group-form-props';
import { useConfigField } from './use-config-field';

function EmailFields({ form, clubName }: { form: GroupFormApi<'email'>; clubName: string }) {
  const field = useConfigField<EmailConfiguration>(form, 'email');
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput {...field('senderName')} {...form.register('senderName')} placeholder={clubName} />
        <TextInput {...field('replyTo')} {...form.register('replyTo')} type="email" autoComplete="email" />
      </SimpleGrid>
      <Textarea {...field('signature')} {...form.register('signature')} autosize minRows={3} maxRows={8} />
      <TextInput {...field('receiptSubject')} {...form.register('receiptSubject')} withAsterisk />
      <Textarea {...field('receiptBody')} {...form.register('receiptBody')} autosize minRows={4} maxRows={12} withAsterisk />
    </>
  );
}

export function EmailConfigurationForm({ clubName, ...props }: GroupFormProps<'email'> & { clubName: string }) {
  return (
    <ConfigurationForm {...props} group="email" schema={emailConfigurationSchema}>
      {(form) => <EmailFields form={form} clubName={clubName} />}
    </ConfigurationForm>
  );
}
