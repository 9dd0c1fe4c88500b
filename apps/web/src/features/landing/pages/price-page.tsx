import { formatSek } from '@fairway/shared/billings/prices';
import { PAYMENT_PLANS } from '@fairway/shared/constants';
import { COMMITMENT_MONTHS, QUARTERLY_SURCHARGE_ORE_PER_MONTH } from '@fairway/shared/subscriptions/terms';
import { Card, Container, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { brand } from '../../../app/brand';
import { usePageMeta } from '../../../lib/use-page-meta';
import { GetStarted } from '../components/get-started';
import { PageIntro } from '../components/page-intro';
import { PricingCards } from '../components/pricing-cards';
import { useLang } from '../components/use-lang';

const TERMS = ['commitment', 'billing', 'notice', 'refund'] as const;

// The fees table loads after the page (components/fees-table.tsx says why); its height on a phone
// is kept meanwhile, when the page is drawn in the browser rather than hydrated.
const FeesTable = lazy(() => import('../components/fees-table'));
const FEES_TABLE_HEIGHT = 340;

/**
 * `/price`: the brand's packages, the payment plans and the registration terms (docs/subscriptions.md#terms). Every
 * amount comes from the shared constants the billing uses, so the page cannot promise another
 * price than the invoice charges.
 */
export default function PricePage() {
  const { t } = useTranslation('landing');
  const lang = useLang();
  const title = t('pages.price.title');
  const lead = brand.id === 'dubbelkoll' ? t('price.leadDubbelkoll') : t('price.lead');
  usePageMeta({ title: `${title} · ${brand.name}`, description: lead });
  const sek = (ore: number) => formatSek(ore, lang);

  return (
    <>
      <PageIntro title={title} lead={lead} />
      <Container size="lg" py={{ base: 24, sm: 40 }}>
        <Stack gap={56}>
          <section aria-labelledby="price-packages">
            <Title order={2} id="price-packages" mb="lg">
              {t('price.packagesTitle')}
            </Title>
            <PricingCards order={3} />
          </section>

          <section aria-labelledby="price-plans">
            <Title order={2} id="price-plans">
              {t('price.plansTitle')}
            </Title>
            <Text c="dimmed" mt="xs" mb="lg">
              {t('price.plansLead')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              {PAYMENT_PLANS.map((plan) => (
                <Card key={plan} withBorder radius="md" padding="lg" data-testid={`plan-${plan}`}>
                  <Title order={3} fz="h4">
                    {t(`price.plans.${plan}.name`)}
                  </Title>
                  <Text mt="xs">{t(`price.plans.${plan}.text`, { surcharge: sek(QUARTERLY_SURCHARGE_ORE_PER_MONTH) })}</Text>
                </Card>
              ))}
            </SimpleGrid>
          </section>

          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
            <section aria-labelledby="price-terms">
              <Title order={2} id="price-terms" mb="md">
                {t('price.termsTitle')}
              </Title>
              <List
                spacing="sm"
                data-testid="registration-terms"
                icon={<IconCircleCheck size={20} color="var(--mantine-primary-color-filled)" aria-hidden="true" />}
              >
                {TERMS.map((term) => (
                  <List.Item key={term}>{t(`price.terms.${term}`, { months: COMMITMENT_MONTHS })}</List.Item>
                ))}
              </List>
            </section>

            <section aria-labelledby="price-fees">
              <Title order={2} id="price-fees">
                {t('price.feesTitle')}
              </Title>
              <Text c="dimmed" mt="xs" mb="md">
                {t('price.feesLead')}
              </Text>
              {/* In a prerendered page the table's HTML is shown until its chunk is in. */}
              <Suspense fallback={<Skeleton h={FEES_TABLE_HEIGHT} radius="md" />}>
                <FeesTable />
              </Suspense>
            </section>
          </SimpleGrid>
        </Stack>
      </Container>
      <GetStarted />
    </>
  );
}
