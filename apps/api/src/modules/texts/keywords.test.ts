import { describe, expect, it } from 'vitest';
import { textKeywordOf } from './keywords';

describe('textKeywordOf', () => {
  it.each(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE'])(
    'reads %s as stop',
    (word) => {
      expect(textKeywordOf(word)).toBe('stop');
    },
  );

  it.each(['START', 'YES', 'UNSTOP'])('reads %s as start', (word) => {
    expect(textKeywordOf(word)).toBe('start');
  });

  it.each(['HELP', 'INFO'])('reads %s as help', (word) => {
    expect(textKeywordOf(word)).toBe('help');
  });

  it('ignores case and the spaces and line breaks around the word', () => {
    expect(textKeywordOf('stop')).toBe('stop');
    expect(textKeywordOf('  Stop \n')).toBe('stop');
    expect(textKeywordOf('\tyes')).toBe('start');
    expect(textKeywordOf('hElP ')).toBe('help');
  });

  it('reads nothing when the keyword is not the whole message', () => {
    expect(textKeywordOf('Please stop')).toBeNull();
    expect(textKeywordOf('stop it')).toBeNull();
    expect(textKeywordOf('STOP!')).toBeNull();
    expect(textKeywordOf('STOP ALL')).toBeNull();
    expect(textKeywordOf('yes please')).toBeNull();
    expect(textKeywordOf('Yesterday')).toBeNull();
    expect(textKeywordOf('helpful')).toBeNull();
  });

  it('reads nothing in an empty message or one of other words', () => {
    expect(textKeywordOf('')).toBeNull();
    expect(textKeywordOf('   ')).toBeNull();
    expect(textKeywordOf('Thanks, the gutters are done')).toBeNull();
    expect(textKeywordOf('OK')).toBeNull();
  });

  it('reads no look-alike letters as a keyword', () => {
    // 'ſ' (long s) upper-cases to 'S', so 'ſtop' would become STOP if letters were not checked first.
    expect(textKeywordOf('ſtop')).toBeNull();
    expect(textKeywordOf('ЅТОР')).toBeNull();
  });

  it('reads nothing from names that are not keywords though they are properties of objects', () => {
    expect(textKeywordOf('constructor')).toBeNull();
    expect(textKeywordOf('toString')).toBeNull();
  });
});
