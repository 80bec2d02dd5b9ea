import { describe, expect, it } from 'vitest';
import { configTypeOf } from './config-type.ts';

describe('configTypeOf', () => {
  it('gives Wi-Fi 5 models wifi5 and the others their family kind', () => {
    expect(configTypeOf('wifi', 'AP-WIFI5-2x2-IN')).toBe('wifi5');
    expect(configTypeOf('wifi', 'AP-SEC-WIFI5-60D')).toBe('wifi5');
    expect(configTypeOf('wifi', 'AP-WIFI6-2x2-IN')).toBe('wifi6');
    expect(configTypeOf('metrolinq', 'ML-60-PTP-STD-1G')).toBe('ml');
    expect(configTypeOf('mesh', 'MESH-60-DN-1G')).toBe('terragraph');
    expect(configTypeOf('smartnvr', 'SNVR-16CH')).toBeNull();
  });
});
