// The query key of the voucher page's portal look.
export const guestVoucherKeys = {
  portal: (nas: string, ssid: string, lang: string) => ['guest-voucher', nas, ssid, lang] as const,
};
