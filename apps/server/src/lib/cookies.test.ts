import { describe, expect, it } from 'vitest';
import { readCookie, serializeCookie } from './cookies.ts';

describe('readCookie', () => {
  it('finds a cookie among others, whatever the spacing', () => {
    expect(readCookie('a=1; XSRF-TOKEN=abc;b=2', 'XSRF-TOKEN')).toBe('abc');
    expect(readCookie('XSRF-TOKEN=abc', 'XSRF-TOKEN')).toBe('abc');
    expect(readCookie(' a = 1 ;  XSRF-TOKEN = x-y_z ', 'XSRF-TOKEN')).toBe('x-y_z');
  });

  it('does not confuse a name with one that contains it', () => {
    expect(readCookie('OLD-XSRF-TOKEN=1; XSRF-TOKEN-2=2', 'XSRF-TOKEN')).toBeUndefined();
  });

  it('decodes percent-encoding and quotes, and keeps a value it cannot decode', () => {
    expect(readCookie('k=a%20b', 'k')).toBe('a b');
    expect(readCookie('k="quoted"', 'k')).toBe('quoted');
    expect(readCookie('k=%E0%A4%A', 'k')).toBe('%E0%A4%A');
  });

  it('answers undefined without a header or the cookie', () => {
    expect(readCookie(undefined, 'k')).toBeUndefined();
    expect(readCookie('', 'k')).toBeUndefined();
    expect(readCookie('novalue; other=1', 'k')).toBeUndefined();
  });
});

describe('serializeCookie', () => {
  it('writes the attributes asked for', () => {
    expect(serializeCookie('XSRF-TOKEN', 'abc', { path: '/', sameSite: 'Strict', secure: true })).toBe(
      'XSRF-TOKEN=abc; Path=/; SameSite=Strict; Secure',
    );
    expect(serializeCookie('s', 'v', { httpOnly: true, maxAgeSeconds: 60.7 })).toBe('s=v; Max-Age=60; HttpOnly');
  });

  it('encodes the value and refuses a name that is not a token', () => {
    expect(serializeCookie('k', 'a b;c')).toBe('k=a%20b%3Bc');
    expect(() => serializeCookie('bad name', 'v')).toThrow(TypeError);
  });
});
