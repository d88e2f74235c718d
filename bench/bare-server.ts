// The benchmark's yardstick as a process of its own: a node:http server answering every request with one recorded answer.
// Usage: node bench/bare-server.ts <answer.json>; prints its port on the first line of stdout.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

interface RecordedAnswer {
  status: number;
  /** The headers to send, Content-Length aside (written here from the body). */
  headers: [string, string][];
  /** The body, base64. */
  body: string;
}

const file = process.argv[2];
if (!file) throw new Error('usage: bare-server <answer.json>');
const answer = JSON.parse(readFileSync(file, 'utf8')) as RecordedAnswer;
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
  console.log((server.address() as AddressInfo).port);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
