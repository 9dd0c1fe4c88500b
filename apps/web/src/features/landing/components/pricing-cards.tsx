import type { DuplicateTier, Package } from '@fairway/shared';
import { formatSek } from '@fairway/shared/billings/prices';
import { Badge, Button, Card, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { brand } from '../../../app/brand';
import { useDuplicateTiers } from '../api/get-duplicate-tiers';
import { useLandingPackages } from '../api/get-landing-packages';
import { LoadError } from './load-error';
import { useLang } from './use-lang';

interface CardProps {
  name: string;
  monthlyPriceOre: number;
  lines: string[];
  order: 2 | 3;
  /** The package most clubs choose is marked. */
  popular: boolean;
  /** Where "Choose" leads: registration, with the tier already chosen for a Dubbelkoll tier. */
  registerTo?: string;
}

/**
 * At most three cards a row: in the page's container five cards leave about 200 px each, too
 * narrow for a price like "1 495 kr/month" or a button like "Choose Enterprise" to show whole.
 */
const PRICE_COLUMNS = { base: 1, sm: 2, md: 3 };

function PriceCard({ name, monthlyPriceOre, lines, order, popular, registerTo = '/register' }: CardProps) {
  const { t } = useTranslation('landing');
  const lang = useLang();
  const free = monthlyPriceOre === 0;
  return (
    <Card component="article" withBorder radius="md" padding="lg" data-testid="price-card">
      <Stack gap="sm" h="100%">
        <Title order={order} fz="h3">
          {name}
        </Title>
        {popular ? (
          <Badge variant="light" w="fit-content">
            {t('packages.popular')}
          </Badge>
        ) : null}
        <div>
          <Text fz={24} fw={700} lh={1.2} style={{ whiteSpace: 'nowrap' }}>
            {free ? t('packages.free') : t('packages.perMonth', { price: formatSek(monthlyPriceOre, lang) })}
          </Text>
          {free ? null : (
            <Text fz="sm" c="dimmed">
              {t('packages.exVat')}
            </Text>
          )}
        </div>
        <List
          spacing={6}
          size="sm"
          style={{ flex: 1 }}
          icon={<IconCheck size={16} color="var(--mantine-primary-color-filled)" aria-hidden="true" />}
        >
          {lines.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <Button component={Link} to={registerTo} variant={popular ? 'filled' : 'default'} fullWidth>
          {t('packages.choose', { name })}
        </Button>
      </Stack>
    </Card>
  );
}

function packageLines(pkg: Package, t: (key: string, options?: Record<string, unknown>) => string): string[] {
  return [
    t('packages.invoices', { count: pkg.invoicesPerMonth }),
    t('packages.users', { count: pkg.maxUsers }),
    t('packages.clubAccounts', { count: pkg.maxClubAccounts }),
  ];
}

function tierLines(tier: DuplicateTier, t: (key: string, options?: Record<string, unknown>) => string): string[] {
  const resources = tier.resources.map((r) => t(`tiers.resources.${r}`)).join(', ');
  return [
    t('tiers.documents', { count: tier.documentsPerMonth }),
    t('tiers.compares', { resources }),
    t('tiers.users', { count: tier.maxUsers }),
    t('tiers.companies', { count: tier.maxCompanies }),
    t('tiers.history', { count: tier.historyMonths }),
  ];
}

function CardsSkeleton({ count }: { count: number }) {
  const { t } = useTranslation('landing');
  return (
    <SimpleGrid cols={PRICE_COLUMNS} aria-busy="true" aria-label={t('packages.loading')}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity of their own and never move.
        <Skeleton key={i} height={320} radius="md" />
      ))}
    </SimpleGrid>
  );
}

/**
 * The brand's packages as cards: the golf packages of `landing_page/packages` for Fairway, the
 * duplicate detector's tiers for Dubbelkoll. Prices per month excluding VAT, in the reader's
 * locale.
 */
export function PricingCards({ order = 3 }: { order?: 2 | 3 }) {
  return brand.id === 'dubbelkoll' ? <TierCards order={order} /> : <PackageCards order={order} />;
}

function PackageCards({ order }: { order: 2 | 3 }) {
  const { t } = useTranslation('landing');
  const packages = useLandingPackages();
  if (packages.isPending) return <CardsSkeleton count={5} />;
  if (packages.isError) return <LoadError message={t('packages.loadError')} onRetry={() => void packages.refetch()} />;
  return (
    <SimpleGrid cols={PRICE_COLUMNS} spacing="md">
      {packages.data.map((pkg) => (
        <PriceCard
          key={pkg.id}
          name={pkg.name}
          monthlyPriceOre={pkg.monthlyPriceOre}
          lines={packageLines(pkg, t)}
          order={order}
          popular={pkg.id === 'standard'}
        />
      ))}
    </SimpleGrid>
  );
}

function TierCards({ order }: { order: 2 | 3 }) {
  const { t } = useTranslation('landing');
  const tiers = useDuplicateTiers();
  if (tiers.isPending) return <CardsSkeleton count={3} />;
  if (tiers.isError) return <LoadError message={t('packages.loadError')} onRetry={() => void tiers.refetch()} />;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {tiers.data.map((tier) => (
        <PriceCard
          key={tier.id}
          name={tier.name}
          monthlyPriceOre={tier.monthlyPriceOre}
          lines={tierLines(tier, t)}
          order={order}
          popular={tier.id === 'business'}
          registerTo={`/register?tier=${encodeURIComponent(tier.id)}`}
        />
      ))}
    </SimpleGrid>
  );
}
