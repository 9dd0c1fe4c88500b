import { z } from 'zod';
import { encodeMessage } from './messages';

/**
 * Zod's own messages are replaced by our language-neutral keys once, for every schema in the
 * process (server and browser alike). Messages set on a schema still win over these.
 */
z.config({
  customError: (iss) => {
    switch (iss.code) {
      case 'invalid_type':
        return iss.input === undefined || iss.input === null ? encodeMessage('required') : encodeMessage('invalid_type');
      case 'too_small':
        if (iss.origin === 'string') {
          return Number(iss.minimum) <= 1 ? encodeMessage('required') : encodeMessage('min', { min: Number(iss.minimum) });
        }
        if (iss.origin === 'array' || iss.origin === 'set') return encodeMessage('required');
        return encodeMessage('min_value', { min: Number(iss.minimum) });
      case 'too_big':
        if (iss.origin === 'string' || iss.origin === 'array') return encodeMessage('max', { max: Number(iss.maximum) });
        return encodeMessage('max_value', { max: Number(iss.maximum) });
      case 'invalid_format':
        if (iss.format === 'email') return encodeMessage('email');
        if (iss.format === 'url') return encodeMessage('url');
        return encodeMessage('regex');
      case 'unrecognized_keys':
        return encodeMessage('unknown_field');
      case 'invalid_value':
        return encodeMessage('invalid_value');
      default:
        return encodeMessage('invalid');
    }
  },
});
