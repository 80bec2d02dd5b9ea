// The open event streams of the live events benchmark, in their own process: N browser-like streams of
// the operator's session read GET /apiv2/events. Runs until its stdin closes, then prints one JSON line:
// for each device that raised an alert, the epoch milliseconds at which each stream received it.
//   node bench/live-streams.ts '{"url":"http://127.0.0.1:1234","cookie":"sid=...","streams":500}'
import http from 'node:http';

type Options = { url: string; cookie: string; streams: number };
const options = JSON.parse(process.argv[2] ?? '{}') as Options;
const target = new URL(options.url);
const arrivals: Record<number, number[]> = {};
let open = 0;

function stream() {
  const request = http.request(
    {
      host: target.hostname,
      port: target.port,
      path: '/apiv2/events',
      headers: { cookie: options.cookie },
      agent: false,
    },
    (response) => {
      open += 1;
      if (open === options.streams) console.log('open');
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes('event: alert')) {
            const data = JSON.parse(block.slice(block.indexOf('data: ') + 6));
            arrivals[data.deviceId] = [...(arrivals[data.deviceId] ?? []), Date.now()];
          }
          end = buffer.indexOf('\n\n');
        }
      });
    },
  );
  request.end();
}

for (let n = 0; n < options.streams; n++) stream();
process.stdin.resume();
process.stdin.on('end', () => {
  process.stdout.write(`${JSON.stringify(arrivals)}\n`, () => process.exit(0));
});
