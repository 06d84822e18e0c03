import { TagsInput } from '@mantine/core';

interface TagInputProps {
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  description?: string;
  error?: React.ReactNode;
}

/**
 * Spec §9: the tag input adds a tag on Enter or on blur (also on a comma). Duplicates are ignored, ignoring case.
 */
export function TagInput({ label, value, onChange, placeholder, description, error }: TagInputProps) {
  return (
    <TagsInput
      label={label}
      description={description}
      placeholder={placeholder}
      value={value}
      onChange={onChange}
      error={error}
      acceptValueOnBlur
      splitChars={[',', '،']}
      clearable
    />
  );
}
