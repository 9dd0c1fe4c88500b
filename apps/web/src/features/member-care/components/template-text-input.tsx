import { TextInput, type TextInputProps } from '@mantine/core';
import { useRef } from 'react';
import { MemberFieldMenu } from './template-member-field-menu';

/** A text field that may name member fields: the menu puts `{{field}}` at the cursor. */
export function TemplateTextInput({
  value,
  onValueChange,
  withFields = true,
  readOnly,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange'> & { value: string; onValueChange: (value: string) => void; withFields?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  const insert = (placeholder: string) => {
    const input = ref.current;
    const start = input?.selectionStart ?? value.length;
    const end = input?.selectionEnd ?? value.length;
    onValueChange(value.slice(0, start) + placeholder + value.slice(end));
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + placeholder.length, start + placeholder.length);
    });
  };
  return (
    <TextInput
      ref={ref}
      value={value}
      onChange={(event) => onValueChange(event.currentTarget.value)}
      readOnly={readOnly}
      inputContainer={(children) =>
        withFields && !readOnly ? (
          <div style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
            <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
            <MemberFieldMenu onPick={insert} />
          </div>
        ) : (
          children
        )
      }
      {...props}
    />
  );
}
