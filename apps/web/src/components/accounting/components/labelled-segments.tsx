import { SegmentedControl, type SegmentedControlProps, Stack, Text } from '@mantine/core';
import { useId } from 'react';

export interface LabelledSegmentsProps extends SegmentedControlProps {
  /** Shown above the choices and read out as the group's name. */
  label: string;
}

/**
 * A choice between a few kinds (customer type, article type, invoice type) with a label like the
 * form's other fields; Mantine's SegmentedControl has none of its own.
 */
export function LabelledSegments({ label, ...props }: LabelledSegmentsProps) {
  const id = useId();
  return (
    <Stack gap={4}>
      <Text component="span" fz="sm" fw={500} id={id}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={id} {...props} />
    </Stack>
  );
}
