import { useId } from 'react';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** The keyword box of a course list (a search landmark with a visually hidden label). */
export function SearchBox({ label, value, onChange }: Props) {
  const id = useId();
  return (
    <form role="search" className="course-list__search" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox="0 0 24 24"
        width="18"
        height="18"
        className="course-list__search-icon"
      >
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={label}
        autoComplete="off"
        enterKeyHint="search"
      />
    </form>
  );
}
