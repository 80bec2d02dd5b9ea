// Plugs the recorder's media service (sim/recorder-media.ts, docs/streaming.md#the-recorders-media-service)
// into every simulated recorder's tunnel. A recorder's first status request starts encoding its cameras'
// patterns in the background, so they are ready by the time a viewer asks for them.
import { defaultMediaService } from './recorder-media.ts';
import { registerTunnelService } from './tunnel.ts';

const media = defaultMediaService();
const prepared = new WeakSet<object>();

registerTunnelService('media', async (device, request) => {
  if (!prepared.has(device)) {
    prepared.add(device);
    void media.prepare(device.cameras);
  }
  return media.handle(device, request);
});
