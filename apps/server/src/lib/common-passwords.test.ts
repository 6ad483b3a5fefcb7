import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords.ts';

describe('isCommonPassword', () => {
  it.each(['password123', 'PASSWORD123', 'Password123', 'iloveyou', 'qwerty123', 'trustno1', 'p@ssw0rd'])(
    'finds %j on the list of breached passwords, whatever its capitals',
    (password) => expect(isCommonPassword(password)).toBe(true),
  );

  it.each(['aaaaaaaa', '00000000', '12121212', 'abcabcab', '12341234', '12345678', '87654321', 'abcdefgh', 'ZYXWVUTS'])(
    'finds the repeat or run %j, which the list leaves out',
    (password) => expect(isCommonPassword(password)).toBe(true),
  );

  it('finds the account’s own address, or the name before its @', () => {
    expect(isCommonPassword('pat.lee@example.com', 'Pat.Lee@example.com')).toBe(true);
    expect(isCommonPassword('PAT.LEE', 'pat.lee@example.com')).toBe(true);
    expect(isCommonPassword('pat.lee', 'someone@example.com')).toBe(false);
  });

  it.each(['Kestrel-harbor-7', 'correct horse battery staple', 'tidy-lamp-7', 'abcdefgi', '🔑🚲🌵🎈🧭🪁🐙🦉'])(
    'lets %j through',
    (password) => expect(isCommonPassword(password)).toBe(false),
  );
});
