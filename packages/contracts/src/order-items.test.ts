import { describe, expect, it } from 'vitest';
import { orderItems } from './order-items.ts';
import { OrderFormFields, type TOrderFormFields, withTagChoicesCleared } from './orders.ts';

/** The form's values as an order keeps them: parsed, with the tag choices that do not apply cleared. */
const stored = (fields: TOrderFormFields) => withTagChoicesCleared(OrderFormFields.parse(fields));
const itemsOf = (fields: TOrderFormFields) => orderItems(stored(fields));
const lineFor = (fields: TOrderFormFields, label: string) => itemsOf(fields).find((i) => i.label === label)?.value;

describe('orderItems', () => {
  it('lists nothing for an empty form', () => {
    expect(orderItems({})).toEqual([]);
    expect(itemsOf({})).toEqual([]);
  });

  it('lists a full form line by line, in the form’s order, each in words', () => {
    expect(
      itemsOf({
        school_year: '2027-2028',
        noprimary_planners: '1200',
        nostandard_planners: '30',
        no8511_planners: '0',
        no69_planners: '45',
        cust_pages: '1',
        nocust_pages: '4',
        vinyl_pockets: '2',
        cover_optn: '2',
        cover_optn_school_name: ' Bayshore Elementary ',
        delivery_optn: '2',
        sr_inst_req: true,
        sr_inst: 'Deliver before 8 am',
        ss_car_mag_add: '1',
        ss_car_mag: '1000',
        nocar_dismissal: '1500',
        style_of_tag: 'Happy Car',
        style_of_tag_color: 'Blue',
        nohomework_folders: '2500',
        nocar_rider: '100',
        nobus_rider: '0',
        noafter_school: '50',
        nowalker_biker: '',
        tax: '1',
        payment_method: '2',
        purchase_order: 'PO-2027-118',
        agreed: true,
        free_tnc_accepted: true,
      }),
    ).toEqual([
      { label: 'School year', value: '2027-2028' },
      { label: 'Primary planners', value: '1,200' },
      { label: 'Standard planners', value: '30' },
      { label: '6 x 9 planners', value: '45' },
      { label: 'Custom pages', value: '4 pages' },
      { label: 'Vinyl pockets', value: 'No' },
      { label: 'Cover', value: 'School name added to the standard cover: Bayshore Elementary' },
      { label: 'Delivery', value: 'Delivery to the school' },
      { label: 'Special request', value: 'Deliver before 8 am' },
      { label: 'Car magnets', value: '1,000 magnets' },
      { label: 'Free car rider dismissal tags', value: '1,500, Happy Car, Blue' },
      { label: 'Free homework folders', value: '2,500' },
      { label: 'Free car rider tags', value: '100' },
      { label: 'Free after school tags', value: '50' },
      { label: 'Tax exempt', value: 'Yes' },
      { label: 'Payment option', value: 'Finalize and pay now with credit card' },
      { label: 'Purchase order number', value: 'PO-2027-118' },
    ]);
  });

  it('names the dismissal tags’ style with its color or type and the instructions given', () => {
    const tags = (fields: TOrderFormFields) =>
      lineFor({ nocar_dismissal: '200', ...fields }, 'Free car rider dismissal tags');
    expect(tags({ style_of_tag: 'Happy Car', style_of_tag_color: 'Purple', type_of_tag: 'School Logo Only' })).toBe(
      '200, Happy Car, Purple',
    );
    expect(
      tags({ style_of_tag: 'Happy Car', style_of_tag_color: 'Special Request', style_of_tag_inst: 'Maroon and gold' }),
    ).toBe('200, Happy Car, Special Request, Maroon and gold');
    expect(
      tags({ style_of_tag: 'Vertical Hangers', type_of_tag: 'School Logo Only', style_of_tag_color: 'Blue' }),
    ).toBe('200, Vertical Hangers, School Logo Only');
    expect(
      tags({ style_of_tag: 'Vertical Hangers', type_of_tag: 'Logo and Prenumbered', type_of_tag_inst: 'Start at 101' }),
    ).toBe('200, Vertical Hangers, Logo and Prenumbered, Start at 101');
    expect(tags({})).toBe('200');
  });

  it('words each other choice of the form', () => {
    expect(lineFor({ cust_pages: '2', nocust_pages: '6' }, 'Custom pages')).toBe('No');
    expect(lineFor({ cust_pages: '1', nocust_pages: '1' }, 'Custom pages')).toBe('1 page');
    expect(lineFor({ cust_pages: '1' }, 'Custom pages')).toBe('Yes');
    expect(lineFor({ vinyl_pockets: '1', novinyl_pockets: '2000' }, 'Vinyl pockets')).toBe('2,000');
    expect(lineFor({ cover_optn: '1', cover_optn_school_name: 'Bayshore' }, 'Cover')).toBe('Standard cover');
    expect(lineFor({ cover_optn: '2' }, 'Cover')).toBe('School name added to the standard cover');
    expect(lineFor({ cover_optn: '3' }, 'Cover')).toBe('Custom cover with artwork provided by the school');
    expect(lineFor({ delivery_optn: '1' }, 'Delivery')).toBe('Pickup at our Tampa warehouse');
    expect(lineFor({ delivery_optn: '3' }, 'Delivery')).toBe('Reorder during the school year');
    expect(lineFor({ ss_car_mag_add: '1', ss_car_mag: '250' }, 'Car magnets')).toBe('250 magnets');
    expect(lineFor({ ss_car_mag_add: '2', ss_car_mag: '500' }, 'Car magnets')).toBe('No');
    expect(lineFor({ tax: '0' }, 'Tax exempt')).toBe('No');
    expect(lineFor({ nostandard_planners: '5' }, 'Standard planners')).toBe('5');
    expect(lineFor({ no8511_planners: '10000' }, '8.5 x 11 planners')).toBe('10,000');
    expect(lineFor({ nobus_rider: '50' }, 'Free bus rider tags')).toBe('50');
    expect(lineFor({ nowalker_biker: '1,050' }, 'Free walker/biker tags')).toBe('1,050');
    expect([0, 1, 3, 4].map((payment_method) => lineFor({ payment_method }, 'Payment option'))).toEqual([
      'No Payment Required',
      'Finalize order and invoice now',
      'Just placing reservation',
      'Invoice after delivery',
    ]);
  });

  it('leaves out zero counts, blanks and what was not asked for', () => {
    expect(
      itemsOf({
        noprimary_planners: '0',
        nostandard_planners: '',
        no8511_planners: '0',
        nocust_pages: '12',
        novinyl_pockets: '300',
        cover_optn_school_name: 'Bayshore',
        sr_inst_req: false,
        sr_inst: 'Left over from before',
        ss_car_mag: '500',
        nocar_dismissal: '0',
        style_of_tag: 'Happy Car',
        style_of_tag_color: 'Green',
        nohomework_folders: '0',
        nocar_rider: '0',
        nobus_rider: '0',
        noafter_school: '0',
        nowalker_biker: '0',
        purchase_order: '   ',
        agreed: true,
      }),
    ).toEqual([]);
    expect(itemsOf({ ss_car_mag_add: '1' })).toEqual([]);
    expect(itemsOf({ sr_inst_req: true, sr_inst: '' })).toEqual([]);
  });
});
