import {
  type CurrentUser,
  encodeMessage,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TYPES,
  translateValidationMessage,
} from '@fairway/shared';
import { Alert, Avatar, Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconPhotoUp } from '@tabler/icons-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/user-avatar';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useUploadProfileImage } from '../api/upload-profile-image';

/** The same limits the server applies (users/image), checked before anything is sent. */
export function checkProfileImage(file: File): 'image_type' | 'image_size' | null {
  if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'image_type';
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return 'image_size';
  return null;
}

/** Choose or drop an image, see it, then upload it as the profile image (PUT users/image). */
export function ProfileImageUpload({ user }: { user: CurrentUser }) {
  const { t, i18n } = useTranslation('settings');
  const lang = i18n.language === 'en' ? 'en' : 'sv';
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const upload = useUploadProfileImage();

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = checkProfileImage(chosen);
    if (problem) {
      setFile(null);
      setError(translateValidationMessage(encodeMessage(problem), lang));
      return;
    }
    setError(null);
    setFile(chosen);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const send = async () => {
    if (!file) return;
    setError(null);
    try {
      await upload.mutateAsync(file);
      setFile(null);
      if (input.current) input.current.value = '';
      notifySuccess(t('image.saved'));
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (failure.fieldErrors.image?.join(' ') ?? failure.message)
          : translateValidationMessage(encodeMessage('invalid'), lang),
      );
    }
  };

  const name = user.displayName || user.name;
  return (
    <Stack gap="sm">
      <Group gap="lg" align="center" wrap="wrap">
        {preview ? (
          <Avatar src={preview} alt={t('image.preview')} size={96} radius="50%" />
        ) : (
          <UserAvatar imageUrl={user.imageUrl} name={name} size={96} radius="50%" data-testid="profile-avatar" />
        )}
        <Paper
          withBorder
          radius="md"
          p="md"
          style={{
            flex: '1 1 260px',
            borderStyle: 'dashed',
            borderColor: dragging ? 'var(--mantine-primary-color-filled)' : undefined,
            background: dragging ? 'var(--mantine-primary-color-light)' : undefined,
          }}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <UnstyledButton
            component="label"
            htmlFor={inputId}
            w="100%"
            style={{ display: 'flex', gap: 12, alignItems: 'center', cursor: 'pointer' }}
          >
            <IconPhotoUp size={32} aria-hidden="true" style={{ flexShrink: 0 }} />
            <div>
              <Text fw={500}>{file ? file.name : t('image.choose')}</Text>
              <Text fz="xs" c="dimmed">
                {t('image.hint')}
              </Text>
            </div>
          </UnstyledButton>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={PROFILE_IMAGE_TYPES.join(',')}
            aria-label={t('image.choose')}
            onChange={(event) => choose(event.currentTarget.files?.[0])}
            style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
          />
        </Paper>
      </Group>
      {error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
          {error}
        </Alert>
      ) : null}
      {file ? (
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            disabled={upload.isPending}
            onClick={() => {
              setFile(null);
              if (input.current) input.current.value = '';
            }}
          >
            {t('image.cancel')}
          </Button>
          <Button onClick={() => void send()} loading={upload.isPending}>
            {t('image.upload')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
