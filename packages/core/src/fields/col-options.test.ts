import { describe, expect, it } from 'vitest';
import { computedBy, linkOptions, lookupOptions, optionsKindOf, selectOptions } from './col-options.js';
import { FIELD_TYPES } from './registry.js';

describe('colOptions through the registry', () => {
  const link = { type: 'mm', fk_related_model_id: 't2', fk_child_column_id: 'a', fk_parent_column_id: 'b' };

  it('answers the options for a column whose type carries that shape, and nothing for another type', () => {
    expect(linkOptions({ uidt: 'Links', colOptions: link as never })?.fk_related_model_id).toBe('t2');
    expect(linkOptions({ uidt: 'LinkToAnotherRecord', colOptions: link as never })?.fk_related_model_id).toBe(
      't2',
    );
    expect(lookupOptions({ uidt: 'Links', colOptions: link as never })).toBeUndefined();
    expect(
      selectOptions({ uidt: 'MultiSelect', colOptions: { options: [{ title: 'a' }] } })?.options,
    ).toHaveLength(1);
    expect(selectOptions({ uidt: 'SingleSelect', colOptions: null })).toBeUndefined();
    expect(selectOptions({ uidt: 'NoSuchType', colOptions: { options: [] } })).toBeUndefined();
  });

  it('knows which types the row queries compute in SQL, and every computed type has options to compute from', () => {
    expect(computedBy({ uidt: 'Count' })).toBe('count');
    expect(computedBy({ uidt: 'Formula' })).toBe('formula');
    expect(computedBy({ uidt: 'Number' })).toBeUndefined();
    expect(optionsKindOf('SingleSelect')).toBe('select');
    for (const def of Object.values(FIELD_TYPES)) {
      if (def.computedBy) expect(def.virtual).toBe(true);
      if (def.computedBy) expect(def.options).toBe(def.computedBy);
    }
  });
});
