import { describe, expect, it } from 'vitest';
import { mergeFields } from '../../app/epos/field-merge.ts';

describe('mergeFields', () => {
  const server = { Name: 'Tea', SalePrice: 2.5, Barcode: '999', Notes: null };

  it('sends a field the server still has at its base', () => {
    expect(mergeFields(server, { SalePrice: 3 }, { SalePrice: 2.5 })).toEqual({
      send: { SalePrice: 3 },
      conflicts: [],
    });
  });

  it('sends nothing for a field the server already has at this value, however it spells it', () => {
    expect(mergeFields(server, { SalePrice: '2.50', Notes: undefined }, { SalePrice: 1, Notes: 'x' })).toEqual({
      send: {},
      conflicts: [],
    });
  });

  it('holds a field changed on both sides, with its three values', () => {
    expect(mergeFields(server, { SalePrice: 3, Name: 'Green tea' }, { SalePrice: 2, Name: 'Tea' })).toEqual({
      send: { Name: 'Green tea' },
      conflicts: [{ field: 'SalePrice', base: 2, mine: 3, theirs: 2.5 }],
    });
  });

  it('compares the base as the API stores it', () => {
    expect(mergeFields(server, { SalePrice: 3 }, { SalePrice: '2.50' }).send).toEqual({ SalePrice: 3 });
  });

  it('treats a field missing on the server as null: a base of null still matches', () => {
    expect(mergeFields({}, { Notes: 'said' }, { Notes: null })).toEqual({ send: { Notes: 'said' }, conflicts: [] });
    expect(mergeFields({}, { Notes: 'said' }, { Notes: 'was' }).conflicts).toEqual([
      { field: 'Notes', base: 'was', mine: 'said', theirs: undefined },
    ]);
  });

  it('sends every field of an entry without a base as it always did: this till wins', () => {
    expect(mergeFields(server, { SalePrice: 3, Name: 'X' }, undefined)).toEqual({
      send: { SalePrice: 3, Name: 'X' },
      conflicts: [],
    });
  });

  it('sends a field the base does not name as this till’s: its start is unknown (a field a person added)', () => {
    expect(mergeFields(server, { Barcode: '1', SalePrice: 3 }, { SalePrice: 1 })).toEqual({
      send: { Barcode: '1' },
      conflicts: [{ field: 'SalePrice', base: 1, mine: 3, theirs: 2.5 }],
    });
  });

  it('takes a base naming a field as undefined for one that was not there: set elsewhere since, it conflicts', () => {
    expect(mergeFields(server, { Barcode: '1', Colour: 'red' }, { Barcode: undefined, Colour: undefined })).toEqual({
      send: { Colour: 'red' },
      conflicts: [{ field: 'Barcode', base: undefined, mine: '1', theirs: '999' }],
    });
  });

  it('does not take a base inherited from the prototype for one recorded', () => {
    const base = Object.create({ SalePrice: 1 }) as Record<string, unknown>;
    expect(mergeFields(server, { SalePrice: 3 }, base)).toEqual({ send: { SalePrice: 3 }, conflicts: [] });
  });
});
