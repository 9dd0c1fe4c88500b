import { Button } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The upgrade / downgrade button of a package or tier card; "pending" while a request waits. */
export function PlanChangeButton(props: {
  upgrade: boolean;
  pending: boolean;
  active: boolean;
  loading: boolean;
  onClick(): void;
}) {
  const { t } = useTranslation('subscriptions');
  return (
    <Button
      mt="xs"
      variant={props.upgrade ? 'filled' : 'default'}
      leftSection={props.upgrade ? <IconArrowUp size={16} /> : <IconArrowDown size={16} />}
      disabled={props.pending || !props.active}
      loading={props.loading}
      onClick={props.onClick}
    >
      {props.pending ? t('packages.pending') : t(props.upgrade ? 'packages.upgrade' : 'packages.downgrade')}
    </Button>
  );
}
