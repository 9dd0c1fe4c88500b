import { SEGMENT_MEMBER_NUMBER_MAX, SEGMENT_MEMBERS_MAX } from '@fairway/shared';
import { TagsInput } from '@mantine/core';

export interface MemberNumbersInputProps {
  label: string;
  description: string;
  placeholder: string;
  value: string[];
  onChange: (numbers: string[]) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
}

/**
 * Customer or article numbers as tags. A list pasted from a spreadsheet or the accounting program
 * (one per line, or separated by commas, semicolons or spaces) becomes one tag per number.
 */
export function MemberNumbersInput({ value, onChange, ...props }: MemberNumbersInputProps) {
  return (
    <TagsInput
      {...props}
      value={value}
      onChange={(next) => onChange([...new Set(next.map((n) => n.trim()).filter((n) => n !== ''))])}
      splitChars={[',', ';', ' ', '\n', '\t']}
      maxTags={SEGMENT_MEMBERS_MAX}
      maxLength={SEGMENT_MEMBER_NUMBER_MAX}
      clearable
      acceptValueOnBlur
    />
  );
}
