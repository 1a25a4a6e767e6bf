import { ViewType } from '@rowbase/core/api/meta';
import { describe, expect, it } from 'vitest';
import { sharedViewLink } from './share-link';

describe('shared view links', () => {
  it('sends forms to /nc/form and grids to /nc/view', () => {
    expect(sharedViewLink('https://rb.example', ViewType.FORM, 'u1')).toBe('https://rb.example/#/nc/form/u1');
    expect(sharedViewLink('https://rb.example', ViewType.GRID, 'u2')).toBe('https://rb.example/#/nc/view/u2');
    expect(sharedViewLink('https://rb.example', ViewType.GALLERY, 'u3')).toBe(
      'https://rb.example/#/nc/gallery/u3',
    );
    expect(sharedViewLink('https://rb.example', ViewType.CALENDAR, 'u4')).toBe(
      'https://rb.example/#/nc/view/u4',
    );
  });
});
