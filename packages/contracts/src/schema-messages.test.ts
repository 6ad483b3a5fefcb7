import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isOurMessage, MESSAGE_BUILDERS, MSG, tooLong } from './messages.ts';
import { ContactFields, SchoolFields, SponsorAccountBody, SponsorProfileFields } from './profiles.ts';

/**
 * Every message a contract schema can give must be one of ours (messages.ts): people read
 * them under the fields, API clients in 400 answers. The walk tries each field of each
 * object schema empty, of the wrong type and malformed.
 */

/** Every module of the package; read from the folder so that a new module cannot be missed. */
async function contractModules(): Promise<string[]> {
  // The contracts compile without Node's types, since the web app shares them; the test runs on Node.
  const fs: { readdirSync(path: string): string[] } = await import(['node', 'fs'].join(':'));
  const here = (import.meta as { dirname?: string }).dirname ?? '.';
  return fs.readdirSync(here).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
}

async function exportedSchemas() {
  const found: [string, z.ZodType][] = [];
  for (const file of await contractModules()) {
    const exports: Record<string, unknown> = await import(`./${file}`);
    for (const [name, value] of Object.entries(exports)) {
      if (value instanceof z.ZodType) found.push([`${file} ${name}`, value]);
    }
  }
  return found;
}

/** The object schemas inside a schema: itself, its fields, array items, union options, pipes. */
function objectsIn(schema: z.ZodType, seen = new Set<z.ZodType>()): z.ZodObject[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown>;
  const inner: unknown[] = [];
  if (schema instanceof z.ZodObject) inner.push(...Object.values(schema.shape));
  for (const key of ['innerType', 'element', 'in', 'out', 'valueType']) inner.push(def[key]);
  if (Array.isArray(def.options)) inner.push(...def.options);
  const nested = inner.filter((s): s is z.ZodType => s instanceof z.ZodType).flatMap((s) => objectsIn(s, seen));
  return schema instanceof z.ZodObject ? [schema, ...nested] : nested;
}

const LONG = 'a'.repeat(6000);
const BAD_VALUES: unknown[] = [
  undefined,
  null,
  '',
  '   ',
  0,
  -1,
  1.5,
  12345,
  true,
  [],
  ['x'],
  {},
  { a: 1 },
  'abc',
  LONG,
  `${LONG}@example.com`,
  'not-an-email',
  'pat@',
  '12345',
  '555-01ab',
  '+2 813 555 0142',
  '2',
];

/**
 * Each message of a failed parse, with those of every union branch too: a form resolver
 * shows the closest branch's message rather than the union's.
 */
function messagesOf(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.flatMap((issue) => [
    issue.message,
    ...(issue.code === 'invalid_union' ? issue.errors.flatMap((branch) => messagesOf(branch)) : []),
  ]);
}

function foreignMessages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : messagesOf(result.error.issues).filter((m) => !isOurMessage(m));
}

describe('contract schema messages', () => {
  it('finds the schemas of every contract module', async () => {
    const names = (await exportedSchemas()).map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        'auth.ts LoginBody',
        'auth.ts RegisterBody',
        'profiles.ts SchoolFields',
        'profiles.ts ContactFields',
        'catalogue.ts AdvanceSearchQuery',
        'pages.ts PageQuery',
      ]),
    );
  });

  it('gives only our messages, for every field of every schema empty, wrong-typed or malformed', async () => {
    const foreign = new Set<string>();
    for (const [name, schema] of await exportedSchemas()) {
      for (const value of BAD_VALUES) {
        for (const m of foreignMessages(schema, value)) foreign.add(`${name} (whole value ${String(value)}): ${m}`);
      }
      for (const object of objectsIn(schema)) {
        // Every field left out at once (its "required" message), then each field's own schema
        // with each bad value: what parsing the object with that field alone would say of it,
        // without the issues of all the other fields left out each time.
        for (const m of foreignMessages(object, {})) foreign.add(`${name} (nothing given): ${m}`);
        for (const [field, fieldSchema] of Object.entries(object.shape)) {
          for (const value of BAD_VALUES) {
            for (const m of foreignMessages(fieldSchema as z.ZodType, value))
              foreign.add(`${name}.${field} = ${JSON.stringify(value)?.slice(0, 20)}: ${m}`);
          }
        }
      }
    }
    // The sponsor body reads as the profile once primary_email is there.
    for (const field of Object.keys(SponsorProfileFields.shape)) {
      for (const value of BAD_VALUES) {
        for (const m of foreignMessages(SponsorAccountBody, { primary_email: 'x', [field]: value }))
          foreign.add(`SponsorAccountBody.${field}: ${m}`);
      }
    }
    expect([...foreign]).toEqual([]);
  });

  it('recognises its builders and nothing else', () => {
    for (const build of MESSAGE_BUILDERS) expect(build.pattern.source.startsWith('^')).toBe(true);
    expect(isOurMessage(tooLong(200))).toBe(true);
    expect(isOurMessage(MSG.phoneRequired)).toBe(true);
    expect(isOurMessage('Too big: expected string to have <=200 characters')).toBe(false);
    expect(isOurMessage('Invalid input: expected 1')).toBe(false);
  });
});

const first = (schema: z.ZodType, input: unknown, path: string) => {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues.find((i) => i.path.join('.') === path)?.message;
};

describe('the school form says what is wrong', () => {
  it.each([
    ['phone', '', MSG.phoneRequired],
    ['phone', '12345', MSG.invalidPhone],
    ['primary_phone', '', MSG.primaryPhoneRequired],
    ['primary_phone', '813-555-01ab', MSG.invalidPhone],
    ['secondary_phone', '555', MSG.invalidPhone],
    ['hod_email', '', MSG.hodEmailRequired],
    ['hod_email', 'not-an-email', MSG.invalidEmail],
    ['secondary_email', 'alex@', MSG.invalidEmail],
    ['primary_email', 'alex@', MSG.invalidEmail],
    ['avg_enrollment', 'abc', MSG.wholeNumber],
    ['avg_enrollment', '0', MSG.wholeNumber],
    ['dist_calendar', undefined, MSG.required],
    ['school_name', 'x'.repeat(201), tooLong(200)],
    ['address', 'x'.repeat(301), tooLong(300)],
    ['website', '', MSG.websiteRequired],
    ['website', 'example', MSG.websiteInvalid],
    ['zip', '', MSG.zipRequired],
    ['zip', '3360', MSG.zipInvalid],
    ['primary_phone2', '12a', MSG.digitsOnly],
  ])('%s %j: %s', (field, value, message) => {
    expect(first(SchoolFields, { [field]: value }, field)).toBe(message);
  });

  it('words the e-mail rules the same on the school and sponsor profiles and the contact form', () => {
    for (const [schema, field] of [
      [SchoolFields, 'primary_email'],
      [SponsorProfileFields, 'primary_email'],
      [SponsorProfileFields, 'secondary_email'],
      [ContactFields, 'email'],
    ] as const) {
      expect(first(schema, { [field]: 'not-an-email' }, field)).toBe(MSG.invalidEmail);
    }
    expect(first(SchoolFields, { primary_email: '' }, 'primary_email')).toBe(MSG.primaryEmailRequired);
    expect(first(SponsorProfileFields, { primary_email: '' }, 'primary_email')).toBe(MSG.primaryEmailRequired);
    expect(first(ContactFields, { email: '' }, 'email')).toBe(MSG.validEmailAddress);
  });
});
