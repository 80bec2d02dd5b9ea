// The push notifications toggle (SPEC §4, §8): built by the push notifications work.
export function PushToggle({ cloudId }: { readonly cloudId: number }) {
  return <span hidden>{cloudId}</span>;
}
