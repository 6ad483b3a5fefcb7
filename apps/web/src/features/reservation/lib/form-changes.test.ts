import { describe, expect, it } from 'vitest';
import { FormChanges } from './form-changes.ts';
import { type FormValues, toFormValues } from './form-values.ts';

const values = (v: Record<string, unknown>): FormValues => toFormValues(v);

describe('FormChanges', () => {
  it('sends only the fields changed, and forgets them once the server has them', () => {
    const changes = new FormChanges(values({}));
    changes.note('cover_optn');
    const sent = changes.take();
    expect(changes.names(sent)).toEqual(['cover_optn']);
    changes.acknowledge(sent);
    expect(changes.pending).toBe(false);
  });

  it('keeps a field changed again while its save was on the way', () => {
    const changes = new FormChanges(values({}));
    changes.note('sr_inst');
    const sent = changes.take();
    changes.note('sr_inst');
    changes.acknowledge(sent);
    expect(changes.names(changes.take())).toEqual(['sr_inst']);
  });

  it('brings in what another window saved, never over this window’s own changes', () => {
    const changes = new FormChanges(values({}));
    changes.note('cover_optn');
    changes.note('sr_inst');
    const sent = new Map([['cover_optn', 1]] as const);
    changes.acknowledge(sent);
    const shown = values({ cover_optn: 1, sr_inst: 'Typed here' });
    const server = values({ cover_optn: 1, nostandard_planners: 120, school_year: '2027-2028', sr_inst: 'Other' });
    expect(changes.incoming(server, shown, sent)).toEqual({ nostandard_planners: '120', school_year: '2027-2028' });
  });

  it('does not take the server’s tidied copy of this window’s own text for another window’s', () => {
    const changes = new FormChanges(values({}));
    changes.note('cover_optn_school_name');
    const sent = changes.take();
    changes.acknowledge(sent);
    const shown = values({ cover_optn_school_name: 'Bayshore ' });
    expect(changes.incoming(values({ cover_optn_school_name: 'Bayshore' }), shown, sent)).toEqual({});
    // The next answer, with the same tidied text, brings nothing either.
    expect(changes.incoming(values({ cover_optn_school_name: 'Bayshore' }), shown)).toEqual({});
  });

  it('counts values kept from before a sign-in as changed', () => {
    const changes = new FormChanges(values({ nostandard_planners: 10 }), values({ nostandard_planners: 20 }));
    expect(changes.names(changes.take())).toEqual(['nostandard_planners']);
  });
});
