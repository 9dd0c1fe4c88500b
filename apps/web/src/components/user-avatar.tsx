import { Avatar, type AvatarProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { API_BASE, api } from '../lib/api-client';
import classes from './user-avatar.module.css';

/**
 * A profile image is served only to signed-in users of the same organisation, so an `<img src>`
 * (which carries no bearer token) cannot load it. It is fetched with the token instead and shown
 * from an object URL; the browser's HTTP cache still answers repeat requests (the URL is
 * versioned by upload time).
 */
export function useAuthenticatedImage(url: string | null | undefined): string | undefined {
  const [objectUrl, setObjectUrl] = useState<string>();
  useEffect(() => {
    setObjectUrl(undefined);
    if (!url) return;
    const controller = new AbortController();
    let created: string | undefined;
    const path = url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url;
    api
      .download(path, { silent: true, signal: controller.signal })
      .then((blob) => {
        if (controller.signal.aborted) return;
        created = URL.createObjectURL(blob);
        setObjectUrl(created);
      })
      // No image is not worth a toast: the avatar shows the initials instead.
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [url]);
  return objectUrl;
}

export interface UserAvatarProps extends Omit<AvatarProps, 'src' | 'name'> {
  imageUrl: string | null | undefined;
  name: string;
}

/** The initials Mantine's Avatar would show: the first letters of the first two words (two letters of a single word). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return (words[0] ?? '').slice(0, 2).toUpperCase();
  return words
    .slice(0, 2)
    .map((word) => word[0])
    .join('')
    .toUpperCase();
}

/** A user's profile image, or their initials (decorative, see the CSS) until (or unless) it has loaded. */
export function UserAvatar({ imageUrl, name, ...props }: UserAvatarProps) {
  const src = useAuthenticatedImage(imageUrl);
  const initials = initialsOf(name);
  return (
    <Avatar src={src} alt="" color="initials" name={name} data-has-image={src ? true : undefined} {...props}>
      {initials ? <span className={classes.initials} data-initials={initials} aria-hidden="true" /> : null}
    </Avatar>
  );
}
