import { describe, expect, it } from 'vitest';
import { cleanFileName, contentMatches, uploadExtensionOf } from './check-upload-content.ts';

const bytes = (...values: (number | string)[]) =>
  Buffer.concat(values.map((v) => (typeof v === 'string' ? Buffer.from(v, 'latin1') : Buffer.from([v]))));

describe('uploadExtensionOf', () => {
  it.each([
    ['plan.pdf', 'pdf'],
    ['PLAN.PDF', 'pdf'],
    ['photo.Jpeg', 'jpeg'],
    ['letter.docx', 'docx'],
    ['archive.pdf.zip', undefined],
    ['setup.exe', undefined],
    ['pdf', undefined],
    ['.pdf', undefined],
    ['notes.', undefined],
  ])('%s → %s', (name, ext) => {
    expect(uploadExtensionOf(name)).toBe(ext);
  });
});

describe('contentMatches', () => {
  it.each([
    ['pdf', bytes('%PDF-1.4 ...'), true],
    ['pdf', bytes('%PDF'), false],
    ['png', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 'IHDR'), true],
    ['png', bytes(0x89, 'PNG'), false],
    ['jpg', bytes(0xff, 0xd8, 0xff, 0xdb), true],
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe0, 'JFIF'), true],
    ['jpg', bytes(0xff, 0xd8), false],
    ['gif', bytes('GIF87a...'), true],
    ['gif', bytes('GIF89a...'), true],
    ['gif', bytes('GIF88a...'), false],
    ['doc', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, '...'), true],
    ['doc', bytes(0xd0, 0xcf, 0x11, 0xe0), false],
    ['docx', bytes('PK', 0x03, 0x04, '...word/document.xml...'), true],
    ['docx', bytes('PK', 0x03, 0x04, '...xl/workbook.xml...'), false],
    ['docx', bytes('word/document.xml'), false],
    ['pdf', Buffer.alloc(0), false],
  ] as const)('%s with %o → %s', (ext, content, expected) => {
    expect(contentMatches(ext, content)).toBe(expected);
  });
});

describe('cleanFileName', () => {
  it.each([
    ['artwork.pdf', 'artwork.pdf'],
    ['  spaced name.pdf  ', 'spaced name.pdf'],
    ['C:\\Users\\ann\\cover.png', 'cover.png'],
    ['/home/ann/../cover.png', 'cover.png'],
    ['tab\tand\u0000nul\u001b.pdf', 'tabandnul.pdf'],
    ['año 日本.pdf', 'año 日本.pdf'],
    ['folder/', ''],
  ])('%j → %j', (raw, clean) => {
    expect(cleanFileName(raw)).toBe(clean);
  });

  it('cuts a long name to 150 characters, keeping its extension and whole characters', () => {
    expect(cleanFileName(`${'x'.repeat(400)}.docx`)).toBe(`${'x'.repeat(145)}.docx`);
    const emoji = cleanFileName(`${'😀'.repeat(200)}.pdf`);
    expect(Array.from(emoji)).toHaveLength(150);
    expect(emoji.endsWith('😀.pdf')).toBe(true);
    expect(cleanFileName(`${'y'.repeat(200)}`)).toBe('y'.repeat(150));
  });
});
