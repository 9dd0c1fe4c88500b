import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconBrandFacebook, IconBrandLinkedin, IconBrandX, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Plain share links (no third-party scripts, nothing loads from the networks until the reader
 * clicks): LinkedIn, Facebook, X and e-mail.
 */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation('landing');
  const u = encodeURIComponent(url);
  const links = [
    {
      id: 'linkedin',
      label: t('blog.shareOn', { network: 'LinkedIn' }),
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
      Icon: IconBrandLinkedin,
    },
    {
      id: 'facebook',
      label: t('blog.shareOn', { network: 'Facebook' }),
      href: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
      Icon: IconBrandFacebook,
    },
    {
      id: 'x',
      label: t('blog.shareOn', { network: 'X' }),
      href: `https://x.com/intent/post?url=${u}&text=${encodeURIComponent(title)}`,
      Icon: IconBrandX,
    },
    { id: 'email', label: t('blog.shareEmail'), href: `mailto:?subject=${encodeURIComponent(title)}&body=${u}`, Icon: IconMail },
  ];
  return (
    <Group gap="xs" component="nav" aria-label={t('blog.share')}>
      <Text fw={600} fz="sm" mr="xs">
        {t('blog.share')}
      </Text>
      {links.map(({ id, label, href, Icon }) => (
        <Tooltip key={id} label={label} withArrow>
          <ActionIcon
            component="a"
            href={href}
            target={id === 'email' ? undefined : '_blank'}
            rel={id === 'email' ? undefined : 'noopener noreferrer'}
            aria-label={label}
            variant="default"
            size="lg"
            radius="xl"
          >
            <Icon size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      ))}
    </Group>
  );
}
