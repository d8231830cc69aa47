// A share button: copies an absolute link of this origin to the clipboard, says so in a toast
// (announced), and shows a copied state for a while (spec section 4: 10 s on course details).
import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { showToast } from './toasts';
import './copy-link-button.css';

interface Props {
  /** A path on this origin (`/learn/certificate/123`) or an absolute URL. */
  href: string;
  /** The button's text. */
  label: string;
  /** The button's text while the copied state lasts. */
  copiedLabel: string;
  /** The success toast. */
  copiedToast: string;
  /** The critical toast when the browser refuses to copy. */
  failedToast: string;
  /** How long the copied state lasts. */
  copiedForMs?: number;
  className?: string;
}

/** Writes `text` to the clipboard, refusing when the browser has no clipboard API. */
async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable');
  await navigator.clipboard.writeText(text);
}

export function CopyLinkButton({
  href,
  label,
  copiedLabel,
  copiedToast,
  failedToast,
  copiedForMs = 10_000,
  className,
}: Props) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await copyText(new URL(href, window.location.origin).href);
    } catch {
      showToast(failedToast, 'critical');
      return;
    }
    setCopied(true);
    showToast(copiedToast, 'success');
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), copiedForMs);
  };

  return (
    <Button
      className={`button button--secondary copy-link${copied ? ' copy-link--copied' : ''}${className ? ` ${className}` : ''}`}
      onPress={() => void copy()}
    >
      <span className="copy-link__icon" aria-hidden="true">
        {copied ? (
          <svg viewBox="0 0 20 20" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 10.5l4 4 8-9" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        ) : (
          <svg viewBox="0 0 20 20" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d="M8.5 11.5a3.5 3.5 0 005 0l2.5-2.5a3.5 3.5 0 00-5-5l-1 1" strokeLinecap="round" />
            <path d="M11.5 8.5a3.5 3.5 0 00-5 0L4 11a3.5 3.5 0 005 5l1-1" strokeLinecap="round" />
          </svg>
        )}
      </span>
      {copied ? copiedLabel : label}
    </Button>
  );
}
