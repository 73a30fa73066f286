/** The delivery parts of the declarations (server/delivery/delivery.ts): what registration refuses, and what each answers. */
import { describe, expect, it } from 'vitest';
import { bannerSettingsResource, bannersResource } from '../../resources/banners';
import { contentLogosResource, globalLogosResource } from '../../resources/logos';
import { assertDeliveries, deliveredDeclarations, deliveryProblems, deliveryResponseSchema, deliverySql } from './delivery';

type Delivered = ReturnType<typeof deliveredDeclarations>[number];
const withDelivery = (declaration: Delivered, delivery: Record<string, unknown>) => ({ ...declaration, delivery: { ...declaration.delivery, ...delivery } }) as Delivered;
const [banners, settings] = deliveredDeclarations([bannersResource, bannerSettingsResource]);

describe('delivery declarations', () => {
  it("the project's own pass, each under its key", () => {
    expect(() => assertDeliveries()).not.toThrow();
    const keys = deliveredDeclarations().map((declaration) => declaration.delivery.key);
    expect(keys).toEqual(expect.arrayContaining(['contents', 'banners', 'bannerSettings', 'globalLogos', 'contentLogos', 'govcoBar', 'tooltips', 'dataProcessingPolicy', 'termsConditionsPolicy']));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('refuses an audience that is not an audience field, a singleton with one, and unreadable fields; a list without one goes to every portal', () => {
    expect(deliveryProblems(withDelivery(banners!, { audience: 'title' }))).toEqual(['title is not an audience field']);
    // A list without an audience reaches every portal (the footer's links); its user type would need one.
    expect(deliveryProblems(withDelivery(banners!, { audience: undefined }))).toEqual([]);
    expect(deliveryProblems(withDelivery(banners!, { audience: undefined, userType: 'title' }))).toContain("userType is the audience's: it needs an audience");
    expect(deliveryProblems(withDelivery(settings!, { site: 't.id = s.id' }))).toEqual(['a singleton is delivered whole: no audience, appliesNow, userType nor site']);
    expect(deliverySql(withDelivery(banners!, { audience: undefined }), false)).not.toMatch(/audience/);
    expect(deliveryProblems(withDelivery(settings!, { audience: 'position' }))).toHaveLength(1);
    expect(deliveryProblems(withDelivery(banners!, { fields: ['title', 'slot'] }))).toEqual(['slot is not a readable field']);
    expect(() => assertDeliveries([withDelivery(banners!, { key: 'Banners' })])).toThrow(/banners: delivery: the key Banners/);
  });

  it('reads banners with their computed video fields, logos of their own type, and no date condition where none is declared', () => {
    const sql = deliverySql(banners!, false);
    expect(sql).toContain('as "embedUrl"');
    expect(sql).not.toContain('"slot"');
    expect(sql).toMatch(/order by t\."display_order" asc/);
    expect(deliverySql(deliveredDeclarations([contentLogosResource])[0]!, false)).toContain('t.logo_type = 1');
    expect(deliverySql(deliveredDeclarations([globalLogosResource])[0]!, false)).toContain('t.logo_type = 0');
  });

  it('documents a singleton as one object and a list as an array', () => {
    const { properties } = deliveryResponseSchema([bannersResource, bannerSettingsResource]) as { properties: Record<string, { type: string }> };
    expect(properties.banners!.type).toBe('array');
    expect(properties.bannerSettings!.type).toBe('object');
  });
});
