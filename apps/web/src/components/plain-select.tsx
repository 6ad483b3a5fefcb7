import { IconSelector } from '@tabler/icons-react';
import { type ChangeEvent, useId } from 'react';
import classes from './plain-select.module.css';

interface PlainSelectProps {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}

/**
 * A labeled native select that looks like the forms' own. The public listings use it
 * rather than Mantine's NativeSelect, whose generated id is set again once the page has
 * hydrated, which renders the select, and React's walk down to it, a second time at once.
 */
export function PlainSelect({ label, value, options, onChange }: PlainSelectProps) {
  const id = useId();
  return (
    <div className={classes.root}>
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      <div className={classes.field}>
        <select id={id} value={value} onChange={onChange} className={classes.select}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <IconSelector size={16} className={classes.chevron} aria-hidden />
      </div>
    </div>
  );
}
