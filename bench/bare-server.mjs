// The benchmark's yardstick as a process of its own: a node:http server answering every request with one recorded answer.
// Usage: node bench/bare-server.mjs <answer.json>; prints its port on the first line of stdout.
// Plain JavaScript, run by node itself as our built server is: no loader in either process.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const file = process.argv[2];
if (!file) throw new Error('usage: bare-server <answer.json>');
/** @type {{ status: number, headers: [string, string][], body: string }} body in base64; headers without Content-Length */
const answer = JSON.parse(readFileSync(file, 'utf8'));
const body = Buffer.from(answer.body, 'base64');
const headers = { ...Object.fromEntries(answer.headers), 'content-length': String(body.length) };

const server = createServer((request, response) => {
  // Read the request body, as our server has to, before answering.
  request.resume();
  request.on('end', () => {
    response.writeHead(answer.status, headers);
    response.end(body);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(typeof address === 'object' && address ? address.port : address);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
