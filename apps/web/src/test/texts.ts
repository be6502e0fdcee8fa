import type { TextSettings } from '@homeminder/shared/contracts/texts';
import { textConsentWords } from '@homeminder/shared/texts';

/** Texts as a portal that can text shows them before any agreement (docs/decisions/106). */
export const textsOffered: TextSettings = {
  offered: true,
  phone: null,
  since: null,
  stoppedByReplyAt: null,
  suggestedPhone: '5551234567',
  consentWords: textConsentWords('Acme Realty'),
};
