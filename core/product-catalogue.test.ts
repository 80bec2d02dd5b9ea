import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPES } from './domain.ts';
import { PRODUCT_CATALOGUE, productBrand, productBrandsOfType } from './product-catalogue.ts';

describe('product brand catalogue', () => {
  it('has 190 models with ids 1..190 in order', () => {
    expect(PRODUCT_CATALOGUE).toHaveLength(190);
    expect(PRODUCT_CATALOGUE.map((brand) => brand.productBrandId)).toEqual(
      Array.from({ length: 190 }, (_, index) => index + 1),
    );
  });

  it('gives every model its own SKU and its own device picture', () => {
    const skus = new Set(PRODUCT_CATALOGUE.map((brand) => brand.productBrandSku));
    const pictures = new Set(PRODUCT_CATALOGUE.map((brand) => brand.image.deviceImageUrlV1));
    expect(skus.size).toBe(190);
    expect(pictures.size).toBe(190);
  });

  it('keeps the ids the navigation rules depend on', () => {
    expect(productBrand(190)?.productType).toBe('smartnvr');
    for (const id of [153, 154, 161]) expect(productBrand(id)?.productType).toBe('metrolinq');
  });

  it('keeps ids stable', () => {
    expect(productBrand(1)?.productBrandSku).toBe('AP-WIFI5-2x2-IN');
    expect(productBrand(100)?.productBrandSku).toBe('SW-16P-POE');
    expect(productBrand(153)?.productBrandSku).toBe('ML-5-PTP-23DBI-2G5');
    expect(productBrand(190)?.productBrandSku).toBe('SNVR-16CH');
  });

  it('covers every product type, and lists models by type', () => {
    for (const type of PRODUCT_TYPES) {
      const brands = productBrandsOfType(type);
      expect(brands.length, type).toBeGreaterThan(0);
      expect(brands.every((brand) => brand.productType === type)).toBe(true);
    }
    expect(productBrandsOfType('smartnvr').map((brand) => brand.productBrandId)).toEqual([190]);
  });

  it('has images under /images/products/ for every model', () => {
    for (const { image } of PRODUCT_CATALOGUE) {
      for (const url of [image.iconUrlV1, image.deviceImageUrlV1, image.iconUrlV2]) {
        expect(url).toMatch(/^\/images\/products\/v[12]\/[a-z]+\/[a-z0-9-]+\.(svg|png)$/);
      }
    }
  });

  it('answers undefined for unknown ids', () => {
    expect(productBrand(0)).toBeUndefined();
    expect(productBrand(191)).toBeUndefined();
    expect(productBrand(1.5)).toBeUndefined();
  });
});
