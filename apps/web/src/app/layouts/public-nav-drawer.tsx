import { Anchor, Button, Divider, Drawer, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { PUBLIC_LINKS } from './public-links';

/** The public pages' navigation on a small screen, opened by the header's burger (public-header.tsx). */
export default function PublicNavDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size="100%"
      padding="md"
      title={<BrandLogo size="sm" />}
      hiddenFrom="md"
      zIndex={1000}
      closeButtonProps={{ 'aria-label': t('header.closeNavigation') }}
    >
      <Stack component="nav" aria-label={t('publicNav.label')} gap="xs">
        {PUBLIC_LINKS.map((link) => (
          <Anchor key={link.id} component={Link} to={link.to} fz="lg" py={6}>
            {t(`publicNav.${link.id}`)}
          </Anchor>
        ))}
        <Divider my="sm" />
        <Button component={Link} to="/login" variant="default" fullWidth>
          {t('publicNav.login')}
        </Button>
        <Button component={Link} to="/register" fullWidth>
          {t('publicNav.register')}
        </Button>
      </Stack>
    </Drawer>
  );
}
