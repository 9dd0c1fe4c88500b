import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { brand } from '../brand';
import { PUBLIC_LINKS } from './public-links';

export function PublicFooter() {
  const { t } = useTranslation(['shell', 'landing']);
  return (
    <Box
      component="footer"
      py="xl"
      mt="auto"
      style={{ borderTop: '1px solid light-dark(var(--mantine-color-gray-3), var(--mantine-color-dark-4))' }}
    >
      <Container size="lg">
        <Group justify="space-between" align="flex-start" gap="xl">
          <Stack gap="xs" maw={360}>
            <BrandLogo size="sm" />
            <Text fz="sm" c="dimmed">
              {t(`landing:brands.${brand.id}.tagline`)}
            </Text>
          </Stack>
          <Box component="nav" aria-label={t('shell:footer.label')}>
            <Group gap="md" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {PUBLIC_LINKS.map((link) => (
                <li key={link.id}>
                  <Anchor component={Link} to={link.to} fz="sm" c="dimmed">
                    {t(`shell:publicNav.${link.id}`)}
                  </Anchor>
                </li>
              ))}
              <li>
                <Anchor component={Link} to="/login" fz="sm" c="dimmed">
                  {t('shell:publicNav.login')}
                </Anchor>
              </li>
            </Group>
          </Box>
        </Group>
        <Text fz="xs" c="dimmed" mt="lg">
          {t('shell:footer.copyright', { year: new Date().getFullYear(), brand: brand.name })}
        </Text>
      </Container>
    </Box>
  );
}
