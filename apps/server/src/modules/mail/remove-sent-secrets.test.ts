import { describe, expect, it } from 'vitest';
import { renderMail } from './layout.ts';
import { removeSentSecrets, SENT_SECRET_PLACEHOLDER } from './remove-sent-secrets.ts';

describe('removeSentSecrets', () => {
  it('cuts a secret action’s address out of both parts, and leaves the rest', () => {
    const url = 'https://portal.example.com/set-password/Zq3_secret-key';
    const mail = renderMail({
      subject: 'Reset your password',
      paragraphs: ['Hello,', 'Someone asked to reset the password.'],
      action: { label: 'Set a new password', url, secret: true },
    });
    expect(mail.secrets).toEqual([url]);
    const kept = removeSentSecrets(mail);
    expect(kept.text).not.toContain('Zq3_secret-key');
    expect(kept.html).not.toContain('Zq3_secret-key');
    expect(kept.text).toContain(`Set a new password: ${SENT_SECRET_PLACEHOLDER}`);
    expect(kept.html).toContain(`href="${SENT_SECRET_PLACEHOLDER}"`);
    expect(kept.html).toContain('Someone asked to reset the password.');
  });

  it('finds a secret the HTML part holds escaped', () => {
    const secret = 'https://portal.test/pay?a=1&b=2';
    const kept = removeSentSecrets({
      html: `<a href="${'https://portal.test/pay?a=1&amp;b=2'}">`,
      text: secret,
      secrets: [secret],
    });
    expect(kept.html).toBe(`<a href="${SENT_SECRET_PLACEHOLDER}">`);
    expect(kept.text).toBe(SENT_SECRET_PLACEHOLDER);
  });

  it('declares nothing for a message whose link opens nothing by itself', () => {
    const mail = renderMail({
      subject: 'Welcome',
      paragraphs: ['Hello,'],
      action: { label: 'Fill in your school details', url: 'https://portal.test/school/details' },
    });
    expect(mail.secrets).toEqual([]);
    expect(removeSentSecrets(mail)).toEqual({ html: mail.html, text: mail.text });
  });
});
