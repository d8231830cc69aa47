// The section 8 text of a lock reason the gateway gives (LockReason -> message).
import type { IntlShape } from 'react-intl';
import type { LockReason } from '../../api/contracts/bff';
import { lockMessages } from './messages';

export function lockText(intl: IntlShape, reason: LockReason | undefined, upstreamMessage?: string): string {
  if (reason === 'unavailable' && upstreamMessage) return upstreamMessage;
  return intl.formatMessage(lockMessages[reason ?? 'unavailable']);
}
