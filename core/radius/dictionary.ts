// The RADIUS packet codes and the attributes the console reads and answers (docs/guest-access.md#radius):
// RFC 2865 (access), 2866 and 2869 (accounting), 3579 (EAP-Message, Message-Authenticator), 5176 (Disconnect
// and CoA), the vendor attributes hotspots apply: WISPr (14122) and ChilliSpot / CoovaChilli (14559), and
// Microsoft's MPPE keys (311, RFC 2548) that carry the EAP-TTLS keys to the access point.

/** Packet codes (RFC 2865 §3, RFC 2866 §3, RFC 5176 §2.3). */
export const RADIUS_CODE = {
  accessRequest: 1,
  accessAccept: 2,
  accessReject: 3,
  accountingRequest: 4,
  accountingResponse: 5,
  accessChallenge: 11,
  disconnectRequest: 40,
  disconnectAck: 41,
  disconnectNak: 42,
  coaRequest: 43,
  coaAck: 44,
  coaNak: 45,
} as const;

/** How an attribute's value is written: text (UTF-8), bytes, a 32-bit unsigned number, an IPv4 address. */
export type AttributeKind = 'text' | 'octets' | 'integer' | 'ipaddr';

export type AttributeDefinition = { type: number; vendorId?: number; kind: AttributeKind };

export const VENDOR_WISPR = 14122;
export const VENDOR_CHILLISPOT = 14559;
export const VENDOR_MICROSOFT = 311;

export const ATTRIBUTES = {
  'User-Name': { type: 1, kind: 'text' },
  'User-Password': { type: 2, kind: 'octets' },
  'NAS-IP-Address': { type: 4, kind: 'ipaddr' },
  'NAS-Port': { type: 5, kind: 'integer' },
  'Service-Type': { type: 6, kind: 'integer' },
  'Framed-IP-Address': { type: 8, kind: 'ipaddr' },
  'Reply-Message': { type: 18, kind: 'text' },
  State: { type: 24, kind: 'octets' },
  Class: { type: 25, kind: 'octets' },
  'Session-Timeout': { type: 27, kind: 'integer' },
  'Idle-Timeout': { type: 28, kind: 'integer' },
  'Called-Station-Id': { type: 30, kind: 'text' },
  'Calling-Station-Id': { type: 31, kind: 'text' },
  'NAS-Identifier': { type: 32, kind: 'text' },
  'Acct-Status-Type': { type: 40, kind: 'integer' },
  'Acct-Input-Octets': { type: 42, kind: 'integer' },
  'Acct-Output-Octets': { type: 43, kind: 'integer' },
  'Acct-Session-Id': { type: 44, kind: 'text' },
  'Acct-Session-Time': { type: 46, kind: 'integer' },
  'Acct-Terminate-Cause': { type: 49, kind: 'integer' },
  'Acct-Input-Gigawords': { type: 52, kind: 'integer' },
  'Acct-Output-Gigawords': { type: 53, kind: 'integer' },
  'Event-Timestamp': { type: 55, kind: 'integer' },
  'NAS-Port-Type': { type: 61, kind: 'integer' },
  'EAP-Message': { type: 79, kind: 'octets' },
  'Message-Authenticator': { type: 80, kind: 'octets' },
  'Acct-Interim-Interval': { type: 85, kind: 'integer' },
  'NAS-Port-Id': { type: 87, kind: 'text' },
  'Error-Cause': { type: 101, kind: 'integer' },
  'WISPr-Location-Name': { type: 2, vendorId: VENDOR_WISPR, kind: 'text' },
  'WISPr-Redirection-URL': { type: 4, vendorId: VENDOR_WISPR, kind: 'text' },
  /** Bits a second. */
  'WISPr-Bandwidth-Max-Up': { type: 7, vendorId: VENDOR_WISPR, kind: 'integer' },
  'WISPr-Bandwidth-Max-Down': { type: 8, vendorId: VENDOR_WISPR, kind: 'integer' },
  'ChilliSpot-Max-Input-Octets': { type: 1, vendorId: VENDOR_CHILLISPOT, kind: 'integer' },
  'ChilliSpot-Max-Output-Octets': { type: 2, vendorId: VENDOR_CHILLISPOT, kind: 'integer' },
  'ChilliSpot-Max-Total-Octets': { type: 3, vendorId: VENDOR_CHILLISPOT, kind: 'integer' },
  /** Kilobits a second. */
  'ChilliSpot-Bandwidth-Max-Up': { type: 4, vendorId: VENDOR_CHILLISPOT, kind: 'integer' },
  'ChilliSpot-Bandwidth-Max-Down': { type: 5, vendorId: VENDOR_CHILLISPOT, kind: 'integer' },
  'ChilliSpot-Max-Total-Gigawords': { type: 19, vendorId: VENDOR_CHILLISPOT, kind: 'integer' },
  /** Encrypted with the shared secret (RFC 2548 §2.4.2, §2.4.3): see encryptMppeKey. */
  'MS-MPPE-Send-Key': { type: 16, vendorId: VENDOR_MICROSOFT, kind: 'octets' },
  'MS-MPPE-Recv-Key': { type: 17, vendorId: VENDOR_MICROSOFT, kind: 'octets' },
} as const satisfies Record<string, AttributeDefinition>;

export type AttributeName = keyof typeof ATTRIBUTES;

/** The names of Acct-Status-Type's values (RFC 2866 §5.1). */
export const ACCT_STATUS = {
  start: 1,
  stop: 2,
  interimUpdate: 3,
  accountingOn: 7,
  accountingOff: 8,
} as const;

/** Acct-Terminate-Cause's values (RFC 2866 §5.10). */
export const TERMINATE_CAUSE = {
  userRequest: 1,
  lostCarrier: 2,
  lostService: 3,
  idleTimeout: 4,
  sessionTimeout: 5,
  adminReset: 6,
  adminReboot: 7,
  portError: 8,
  nasError: 9,
  nasRequest: 10,
  nasReboot: 11,
  portUnneeded: 12,
  portPreempted: 13,
  portSuspended: 14,
  serviceUnavailable: 15,
  callback: 16,
  userError: 17,
  hostRequest: 18,
} as const;

/** Error-Cause values the console sends in a NAK, and reads from one (RFC 5176 §3.5). */
export const ERROR_CAUSE = {
  residualSessionContextRemoved: 201,
  unsupportedAttribute: 401,
  missingAttribute: 402,
  nasIdentificationMismatch: 403,
  invalidRequest: 404,
  unsupportedService: 405,
  unsupportedExtension: 406,
  administrativelyProhibited: 501,
  requestNotRoutable: 502,
  sessionContextNotFound: 503,
  sessionContextNotRemovable: 504,
  otherProxyProcessingError: 505,
  resourcesUnavailable: 506,
  requestInitiated: 507,
} as const;
