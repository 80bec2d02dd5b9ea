// Console news for the demo: inbox posts for signed-in users (short and long) and public posts.
// Blocks use the small markup of mobiledoc.ts.

export type PostSource = {
  slug: string;
  title: string;
  excerpt: string;
  publishedDaysAgo: number;
  inbox: boolean;
  blocks: readonly string[];
};

const post = (slug: string, title: string, excerpt: string, publishedDaysAgo: number, blocks: string[]) => ({
  slug,
  title,
  excerpt,
  publishedDaysAgo,
  inbox: true,
  blocks,
});

export const POSTS: readonly PostSource[] = [
  post(
    'maintenance-sunday',
    'Scheduled maintenance this Sunday',
    'A short maintenance window for notifications.',
    3,
    [
      'On Sunday between **02:00 and 03:00 UTC** we will upgrade the notification service.',
      'Devices keep working as usual. Push alerts raised during the window arrive a few minutes late.',
    ],
  ),
  post(
    'firmware-7-2-1',
    'Firmware 7.2.1 for Wi-Fi 6 access points',
    'Faster roaming and steadier channels.',
    9,
    [
      'Firmware 7.2.1-4012 is now available for every Wi-Fi 6 and Wi-Fi 6E access point in the console.',
      '## What is new',
      [
        '- Fast roaming between access points of the same site now also works for guest networks.',
        '- Automatic channel selection avoids 160 MHz channels that radar detection closed in the last hour.',
        '- Band steering keeps older clients on 2.4 GHz when their 5 GHz signal is weak.',
      ].join('\n'),
      '## How to update',
      'Open **Devices**, select the access points and choose _Update firmware_. The task tracker shows the ' +
        'progress of every device. Large sites are best updated with a ' +
        '[rolling update](https://news.demo.example/rolling-updates/), which keeps most access points online.',
    ],
  ),
  post(
    'historical-search',
    'Find any MAC address, even after it left',
    'Search answers where it was last seen.',
    16,
    [
      'Search Everywhere now includes **historical results**: past names, past addresses and deleted devices.',
      'Type a MAC address to see the site where it was last seen, even weeks later.',
    ],
  ),
  post(
    'rolling-updates',
    'Rolling firmware updates: fewer surprises',
    'Update in batches, stop at trouble.',
    28,
    [
      'Updating a whole site at once is quick, but if something goes wrong, everything goes wrong together.',
      'A **rolling update** updates a few devices at a time and waits until they are back online.',
      '## Choosing a batch size',
      'Five devices per batch suits most offices. In warehouses and venues where access points overlap, ten ' +
        'is fine; on radio links, update one side of each link at a time.',
      '## When a batch fails',
      'The task stops and the failed devices are listed in the task tracker with their error. ' +
        '_Nothing else is touched_ until you retry or cancel the task.',
    ],
  ),
  post('alert-preferences', 'New: per-user alert preferences', 'Choose which alerts reach you.', 41, [
    'Each user can now decide which alert types show up and after **how many occurrences**.',
    'Open Notifications in the cloud menu to try it.',
  ]),
  post(
    'planning-60-ghz-links',
    'Planning 60 GHz links with path analysis',
    'Check line of sight first.',
    60,
    [
      '60 GHz links deliver fibre-like speeds over short distances, but they need a clear line of sight.',
      '## Before the site visit',
      [
        '- Place both ends on the map and read the path profile.',
        '- Keep the first Fresnel zone clear of roofs and trees.',
        '- Plan a 5 GHz fallback for heavy rain on links longer than 500 m.',
      ].join('\n'),
      'The path analysis tool is linked from the top bar. It estimates throughput for every model of the ' +
        '**point-to-point** family and remembers the links you planned for each cloud.',
      'Links that pass the check usually come up at full speed on the first try.',
    ],
  ),
  post('onvif-discovery', 'Smart NVR: ONVIF camera discovery', 'Recorders find their cameras.', 85, [
    'Smart NVRs can now **scan for ONVIF cameras** and add them with one click.',
    'Start a scan from the IP Cameras page of the recorder.',
  ]),
  post('calm-operators', 'Five habits of calm network operators', 'Quiet on-call weeks, explained.', 120, [
    'We asked operators who run thousands of devices what keeps their on-call weeks quiet.',
    [
      '- They name devices after where they hang, not after their model.',
      '- They group sites so that one glance answers one question.',
      '- They update firmware on a schedule, in batches.',
      '- They tune alert preferences until every alert means work.',
      '- They read the task tracker before they start a new task.',
    ].join('\n'),
    'None of this needs new tools. It needs _a little time every week_, and it pays back quickly.',
    'Tell us about your own habits: the best ones end up in the next post.',
  ]),
  {
    ...post('release-4-12', 'Release notes: console 4.12', 'Historical search and site groupings.', 14, [
      'Console 4.12 is out. Highlights:',
      [
        '- Historical search for MAC addresses, IP addresses and names.',
        '- Saved site groupings are available in the navigation drawer.',
        '- The device list opens three times faster on clouds with many sites.',
      ].join('\n'),
      'Self-hosted installations pick up the release with their next update. Migrations run on start-up.',
    ]),
    inbox: false,
  },
  {
    ...post('welcome', 'Welcome to the console blog', 'Product news, how-tos and notices.', 50, [
      'This is where we post product news, how-tos and maintenance notices.',
    ]),
    inbox: false,
  },
];
