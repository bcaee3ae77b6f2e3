import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { errorText } from './error-text';
import { initI18n } from './i18n';

const YIKES = 'Yikes, an error occurred on our servers. Please try again in a few minutes.';

describe('the generic server message (SPEC section 8), in words', () => {
  const i18n = initI18n('en');

  it('answers any server failure, whatever code it carries, and a failure that is not an answer', () => {
    const t = i18n.getFixedT('en');
    expect(errorText(t, new ApiError(500, 'INTERNAL', 'x'))).toBe(YIKES);
    expect(errorText(t, new ApiError(502, 'SESSION_FULL', 'x'))).toBe(YIKES);
    expect(errorText(t, new TypeError('Failed to fetch'))).toBe(YIKES);
  });

  it('in French too', () => {
    const t = i18n.getFixedT('fr');
    expect(errorText(t, new ApiError(500, 'INTERNAL', 'x'))).toBe(
      'Aïe, une erreur s’est produite sur nos serveurs. Veuillez réessayer dans quelques minutes.',
    );
  });
});
