export * from './accounts.ts';
export * from './catalogue.ts';
export * from './content.ts';
export * from './geography.ts';
export * from './orders.ts';
export * from './payments.ts';
export * from './sponsorships.ts';
export * from './system.ts';
