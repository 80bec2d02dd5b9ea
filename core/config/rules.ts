// docs/configuration.md#validation: what makes a configuration document valid for a kind of device and its
// firmware, beyond the shape ./document.ts gives it. Each problem names the leaf (by the paths of ./tree.ts)
// and the rule; the texts are `config.rules.<rule>` in the locale files.
import { Value } from 'typebox/value';
import { isCountryCode } from '../countries.ts';
import { channelRange, isBandChannel } from '../fleet/channels.ts';
import { compareFirmware } from '../fleet/firmware.ts';
import { isTimeZone } from '../time-zones.ts';
import {
  CONFIG_DOCUMENTS,
  type ConfigType,
  type RadioSettings,
  SECTION_OF,
  type WifiBand,
  type WirelessSection,
  type WlanSettings,
} from './document.ts';
import { itemIdentity, type Json } from './tree.ts';

export const CONFIG_RULES = [
  'shape',
  'unknownCountry',
  'unknownTimeZone',
  'channelNotInBand',
  'channelNotInCountry',
  'widthNotInBand',
  'widthNotForChannel',
  'passphraseLength',
  'wpa3NeedsProtectedFrames',
  'wpa3NeedsFirmware',
  'enterpriseNeedsRadius',
  'duplicateSsid',
  'tooManyWlans',
  'variableMissing',
] as const;
export type ConfigRule = (typeof CONFIG_RULES)[number];
export type ConfigProblem = { path: string; rule: ConfigRule; params?: Record<string, string | number> };

type Range = readonly [number, number];
const channels = (...ranges: Range[]) =>
  new Set(ranges.flatMap(([first, last]) => channelRange(first, last, 4)));
const twoFour = (last: number) => new Set(channelRange(1, last));

/** The channels a regulatory domain permits, per band (20 MHz channel numbers). */
const DOMAINS = {
  fcc: { '2.4': twoFour(11), '5': channels([36, 64], [100, 144], [149, 165]) },
  etsi: { '2.4': twoFour(13), '5': channels([36, 64], [100, 140]) },
  mkk: { '2.4': twoFour(13), '5': channels([36, 64], [100, 144]) },
  cn: { '2.4': twoFour(13), '5': channels([36, 64], [149, 165]) },
} satisfies Record<string, Record<WifiBand, Set<number>>>;
const FCC_COUNTRIES = new Set(['US', 'CA', 'MX', 'PR', 'TW', 'PH', 'CO', 'BR', 'GU', 'VI', 'AS', 'MP', 'UM']);
function domainOf(country: string): keyof typeof DOMAINS {
  if (FCC_COUNTRIES.has(country)) return 'fcc';
  if (country === 'JP') return 'mkk';
  if (country === 'CN') return 'cn';
  return 'etsi';
}

/** The 5 GHz channel groups a wide channel spans: every 20 MHz channel of its group must be permitted. */
const WIDE_GROUPS: Readonly<Record<number, readonly Range[]>> = {
  40: [36, 44, 52, 60, 100, 108, 116, 124, 132, 140, 149, 157].map((first): Range => [first, first + 4]),
  80: [36, 52, 100, 116, 132, 149].map((first): Range => [first, first + 12]),
  160: [
    [36, 64],
    [100, 128],
  ],
};

/** What a kind of device on a firmware can take. */
function capabilities(type: ConfigType, firmware: string | null) {
  const wifi6 = type === 'wifi6';
  return {
    widths: { '2.4': [20, 40], '5': wifi6 ? [20, 40, 80, 160] : [20, 40, 80] } as Record<WifiBand, number[]>,
    wlansPerRadio: wifi6 ? 16 : 8,
    // WPA3 came with access point firmware 7.2.0.
    wpa3: firmware === null || (compareFirmware(firmware, '7.2.0-0') ?? 0) >= 0,
  };
}

/** The problems of a document for this kind of device; the firmware, when known, narrows what it takes. */
export function validateConfig(
  type: ConfigType,
  document: unknown,
  firmware: string | null = null,
): ConfigProblem[] {
  const schema = CONFIG_DOCUMENTS[type];
  if (!Value.Check(schema, document)) {
    // One problem per leaf (a value outside a union fails each of its members); a missing or unknown key
    // is named by its own path.
    const paths = Value.Errors(schema, document).flatMap((error) => {
      const at = identityPath(document as Json, error.instancePath);
      const params = error.params as { additionalProperties?: string[]; requiredProperties?: string[] };
      const keys = params.additionalProperties ?? params.requiredProperties;
      if (error.keyword === 'boolean') return [];
      return keys ? keys.map((key) => (at ? `${at}/${key}` : key)) : [at];
    });
    return [...new Set(paths)].map((path) => ({ path, rule: 'shape' }));
  }
  const problems: ConfigProblem[] = [];
  const general = (document as { general_locale: { country: string; time_zone: string } }).general_locale;
  if (!isCountryCode(general.country))
    problems.push({ path: 'general_locale/country', rule: 'unknownCountry' });
  if (!isTimeZone(general.time_zone))
    problems.push({ path: 'general_locale/time_zone', rule: 'unknownTimeZone' });
  if (type === 'wifi5' || type === 'wifi6') {
    const section = SECTION_OF[type];
    const wireless = (document as unknown as Record<string, WirelessSection>)[section] as WirelessSection;
    problems.push(...wirelessProblems(section, wireless, general.country, capabilities(type, firmware)));
  }
  return problems;
}

function wirelessProblems(
  section: string,
  wireless: WirelessSection,
  country: string,
  can: ReturnType<typeof capabilities>,
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const permitted = DOMAINS[domainOf(country)];
  for (const radio of wireless.radios) {
    const at = `${section}/radios/${radio.band}`;
    problems.push(...radioProblems(at, radio, permitted[radio.band], can.widths[radio.band], country));
  }
  for (const wlan of wireless.wlans) {
    const at = `${section}/wlans/${wlan.id}`;
    problems.push(...wlanProblems(at, wlan, can.wpa3));
  }
  const enabled = wireless.wlans.filter((wlan) => wlan.enabled);
  for (const band of ['2.4', '5'] as const) {
    const onRadio = enabled.filter((wlan) => wlan.bands.includes(band));
    if (onRadio.length > can.wlansPerRadio) {
      problems.push({
        path: `${section}/radios/${band}`,
        rule: 'tooManyWlans',
        params: { band, limit: can.wlansPerRadio },
      });
    }
    const seen = new Set<string>();
    for (const wlan of onRadio) {
      if (seen.has(wlan.ssid))
        problems.push({ path: `${section}/wlans/${wlan.id}/ssid`, rule: 'duplicateSsid', params: { band } });
      seen.add(wlan.ssid);
    }
  }
  return problems;
}

function radioProblems(
  at: string,
  radio: RadioSettings,
  permitted: Set<number>,
  widths: number[],
  country: string,
): ConfigProblem[] {
  if (!widths.includes(radio.width_mhz)) {
    return [
      {
        path: `${at}/width_mhz`,
        rule: 'widthNotInBand',
        params: { band: radio.band, width: radio.width_mhz },
      },
    ];
  }
  if (radio.channel === 'auto') return [];
  const channel = radio.channel;
  if (!isBandChannel(radio.band, channel))
    return [{ path: `${at}/channel`, rule: 'channelNotInBand', params: { band: radio.band, channel } }];
  if (!permitted.has(channel)) {
    return [{ path: `${at}/channel`, rule: 'channelNotInCountry', params: { channel, country } }];
  }
  const groups = radio.band === '5' ? WIDE_GROUPS[radio.width_mhz] : undefined;
  if (groups) {
    const group = groups.find(([first, last]) => channel >= first && channel <= last);
    if (!group || ![...channels(group)].every((one) => permitted.has(one))) {
      return [
        { path: `${at}/width_mhz`, rule: 'widthNotForChannel', params: { channel, width: radio.width_mhz } },
      ];
    }
  }
  return [];
}

function wlanProblems(at: string, wlan: WlanSettings, wpa3: boolean): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const personal =
    wlan.security === 'wpa2-psk' || wlan.security === 'wpa3-sae' || wlan.security === 'wpa2-wpa3';
  const length = wlan.passphrase?.length ?? 0;
  if (personal && (length < 8 || length > 63))
    problems.push({ path: `${at}/passphrase`, rule: 'passphraseLength' });
  const usesWpa3 = wlan.security === 'wpa3-sae' || wlan.security === 'wpa2-wpa3';
  if (usesWpa3 && !wpa3) problems.push({ path: `${at}/security`, rule: 'wpa3NeedsFirmware' });
  const protection = wlan.management_frame_protection;
  if (
    (wlan.security === 'wpa3-sae' && protection !== 'required') ||
    (wlan.security === 'wpa2-wpa3' && protection === 'disabled')
  ) {
    problems.push({ path: `${at}/management_frame_protection`, rule: 'wpa3NeedsProtectedFrames' });
  }
  if (wlan.security === 'enterprise' && wlan.radius_servers.length === 0) {
    problems.push({ path: `${at}/radius_servers`, rule: 'enterpriseNeedsRadius' });
  }
  return problems;
}

/** A schema error's position ("/wifi6_wireless/wlans/1/ssid") as a leaf path that names items by identity. */
function identityPath(document: Json, instancePath: string): string {
  const names: string[] = [];
  let node: Json | undefined = document;
  for (const part of instancePath.split('/').slice(1)) {
    const child: Json | undefined = Array.isArray(node)
      ? node[Number(part)]
      : typeof node === 'object' && node !== null
        ? node[part]
        : undefined;
    names.push((Array.isArray(node) ? itemIdentity(child) : null) ?? part);
    node = child;
  }
  return names.join('/');
}
