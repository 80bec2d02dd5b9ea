// @vitest-environment happy-dom
// docs/guest-access.md#the-voucher-page: the page words each refusal and the rate limit in the guest's
// language, shows a calm message when no network opened it, and without a NAS login address says the guest
// is connected with the portal's redirect.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PublicPortal } from '../../../../core/api/guest-portals.ts';
import { appRoutes } from '../../../app/router.tsx';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import {
  type FakeRequest,
  installFakeFetch,
  jsonResponse,
  restoreFetch,
} from '../../../test-utils/fake-fetch.ts';
import { loadPages, renderRoutes } from '../../../test-utils/render-routes.tsx';

const PORTAL: PublicPortal = {
  name: 'Harbour Guests',
  primary_color: '#0b6e4f',
  background_color: '#f3efe6',
  text_color: '#1f2a2e',
  language: 'en',
  welcome: 'Welcome aboard',
  terms: 'Be kind.',
  methods: ['voucher', 'click_through'],
  logo_url: null,
  background_url: null,
};
const FROM_NETWORK = '/voucher?nas=10.9.0.1&mac=02:aa:bb:cc:dd:01';

beforeAll(loadPages('/voucher'), 30_000);
afterEach(() => {
  resetPlatform();
  restoreFetch();
});

function serve(login: (request: FakeRequest) => Response, portal: Response = jsonResponse(200, PORTAL)) {
  return installFakeFetch((request) =>
    request.path === '/apiv2/guest-portal' ? portal.clone() : login(request),
  );
}

async function redeem(code: string) {
  const form = await screen.findByRole('form', { name: 'Connect with a voucher' });
  fireEvent.change(within(form).getByLabelText(/Voucher code/), { target: { value: code } });
  fireEvent.click(within(form).getByRole('button', { name: 'Connect' }));
}

const refusal = (errorCode: string) =>
  jsonResponse(400, { errors: [{ errorCode, location: 'body', path: '/', message: errorCode }] });

describe('the voucher page', () => {
  it.each([
    ['unknown', 'This code is not known. Check it and try again.'],
    ['expired', 'This code or account has expired.'],
    ['used_up', 'The time or data of this code or account is used up.'],
    ['revoked', 'This code or account is no longer valid.'],
    ['too_many_devices', 'This code or account is already in use on as many devices as it allows.'],
    ['not_here', 'This code or account is not valid on this network.'],
  ])('words the refusal %s for the guest', async (errorCode, text) => {
    const requests = serve(() => refusal(errorCode));
    renderRoutes(appRoutes(), FROM_NETWORK);
    await redeem('ABCD-1234');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    const sent = requests.find((request) => request.method === 'POST');
    expect(sent?.body).toEqual({
      nas: '10.9.0.1',
      mac: '02:aa:bb:cc:dd:01',
      method: 'voucher',
      code: 'ABCD-1234',
    });
  });

  it('says in how many minutes to try again after too many tries', async () => {
    serve(() => jsonResponse(429, { message: 'Too many attempts.' }, { 'Retry-After': '600' }));
    renderRoutes(appRoutes(), FROM_NETWORK);
    await redeem('ABCD-1234');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many tries. Try again in 10 min.');
  });

  it('sends click-through with the terms accepted', async () => {
    const requests = serve(() => refusal('terms_not_accepted'));
    renderRoutes(appRoutes(), FROM_NETWORK);
    const form = await screen.findByRole('form', { name: 'Connect for free' });
    fireEvent.click(within(form).getByRole('button', { name: 'Accept and connect' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Accept the terms of use to go on.');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms of use' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Accept and connect' }));
    await screen.findByRole('alert');
    const sent = requests.filter((request) => request.method === 'POST').map((request) => request.body);
    expect(sent).toEqual([
      { nas: '10.9.0.1', mac: '02:aa:bb:cc:dd:01', method: 'click_through', accept_terms: false },
      { nas: '10.9.0.1', mac: '02:aa:bb:cc:dd:01', method: 'click_through', accept_terms: true },
    ]);
  });

  it('without the NAS login address, says the guest is connected and links the redirect', async () => {
    serve(() =>
      jsonResponse(200, {
        username: 'ABCD-1234',
        password: 'ABCD-1234',
        redirect_url: 'https://harbour.example/',
      }),
    );
    renderRoutes(appRoutes(), FROM_NETWORK);
    await redeem('ABCD-1234');
    expect(await screen.findByRole('status')).toHaveTextContent('You are connected. Enjoy the internet!');
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      'https://harbour.example/',
    );
  });

  it.each([
    ['opened without the network’s parameters', '/voucher'],
    ['opened for a NAS the console does not know', FROM_NETWORK],
  ])('is calm and links nowhere when %s', async (_name, address) => {
    serve(() => jsonResponse(500, {}), jsonResponse(404, { message: 'There is no sign-in page here.' }));
    renderRoutes(appRoutes(), address);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: "This page is opened by the Wi-Fi network's sign-in",
      }),
    ).toBeInTheDocument();
    expect(screen.queryAllByRole('link')).toEqual([]);
  });
});
